import Foundation
import Testing
import WorldLayerTestSupport

@Suite("worldlayer-bench walk: the client library rehearsed on a walk")
struct WalkToolTests {
    @Test("a short walk: every change reaches the walker, offline writes are applied exactly once, the conflict comes back")
    func shortWalk() async throws {
        let r = try await offThePool {
            try CLI.run(
                ["walk", "--cells", "3", "--pace", "15", "--drop", "2", "--changes-per-second", "3", "--json"], tool: "worldlayer-bench")
        }
        #expect(r.status == 0, "\(r.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        func number(_ key: String) -> Int { figures[key] as? Int ?? -1 }
        #expect(number("cellsCrossed") == 3)
        #expect(number("placedByOthers") > 0 && number("cameIntoView") + number("cameIntoViewAcrossDrops") > 0)
        #expect((figures["latency"] as? [Double])?.isEmpty == false, "changes were seen live")
        #expect(number("unseen") == 0)
        // Two stickers created and placed, one placed while answers were lost, an edit the other phone overtook, a delete.
        #expect(number("offlineWrites") == 8)
        #expect(number("appliedOnce") == 7 && number("appliedTwice") == 0 && number("lost") == 0)
        #expect(number("conflicts") == 1 && number("conflictsOverwritten") == 0)
        #expect(number("refused") == 0)
    }

    @Test("bad options are one line and a non-zero exit, before anything starts; the product's own tool has no walk or bench")
    func badOptions() throws {
        for gone in [["walk"], ["bench", "geo", "--input", "x"]] {
            let r = try CLI.run(gone)
            #expect(r.status == 64 && r.stderr.hasPrefix("worldlayer: "), "\(gone): \(r.stderr)")
        }
        for arguments in [["--cells", "0"], ["--pace", "-1"], ["--server", "ftp://example.org"], ["--drop", "1000"]] {
            let r = try CLI.run(["walk"] + arguments, tool: "worldlayer-bench")
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stdout.isEmpty, "\(arguments): \(r.stderr)")
        }
    }
}

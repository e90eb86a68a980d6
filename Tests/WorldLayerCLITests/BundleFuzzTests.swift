import Foundation
import Testing
import WorldLayerTestSupport

@testable import WorldLayerCLI

/// Issue 52: every parser of untrusted bytes is fuzzed. Bundles are read by LibYAML (C, behind Yams)
/// and ZIPFoundation, which libFuzzer's harnesses (`fuzz/`) cannot be built around with `swiftc`
/// alone; these seeded mutation runs take their place: each input is read or refused with a reason,
/// never a crash, a trap or a hang. A failure names its seed and round, to make the input again.
@Suite("Fuzzing bundles: YAML and zip")
struct BundleFuzzTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// What YAML is made of, so mutations reach past the scanner: anchors, aliases, complex keys, tags, flows, merges.
    static let yamlTokens = [
        "&a ", "*a", "? ", ": ", "- ", "[", "]", "{", "}", ",", "!!binary ", "!!str ", "<<: *a\n", "|\n  ", ">-\n", "'", "\"", "#",
        "\n  ", "\t", "%YAML 1.1\n", "---\n", "...\n", "\u{FEFF}", "\\u0000", "1e400", "-.inf", "0x1F", "~",
    ].map { Array($0.utf8) }

    @Test("mutated tour and book YAML is read or refused with a problem", arguments: ["fuzz/seeds/yaml/tour.yaml", "demo/book/book.yaml"])
    func yaml(seedFile: String) throws {
        let seed = Array(try Data(contentsOf: Self.repository.appendingPathComponent(seedFile)))
        #expect(
            (try? TourYAML.parse(String(decoding: seed, as: UTF8.self))) != nil
                || (try? BookYAML.parse(String(decoding: seed, as: UTF8.self))) != nil)
        var mutator = Mutator(seed: 52)
        var read = 0, refused = 0
        for _ in 0..<Mutator.rounds(1_500) {
            let text = String(decoding: mutator.mutate(seed, tokens: Self.yamlTokens), as: UTF8.self)
            for parse in [{ _ = try TourYAML.parse(text) }, { _ = try BookYAML.parse(text) }] as [() throws -> Void] {
                do {
                    try parse()
                    read += 1
                } catch is BundleProblem {
                    refused += 1
                }
            }
        }
        #expect(read + refused == 2 * Mutator.rounds(1_500) && refused > 0, "read \(read), refused \(refused)")
    }

    @Test("mutated zip bundles are unpacked or refused, and nothing is written outside the scratch folder")
    func zip() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("zip-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("bundle")
        for (name, bytes) in [
            ("tour.yaml", try Data(contentsOf: Self.repository.appendingPathComponent("fuzz/seeds/yaml/tour.yaml"))),
            ("media/01-narration.mp3", Data(repeating: 0x55, count: 3_000)), ("media/02-steps.jpg", Data("jpeg".utf8)),
        ] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
        let original = scratch.appendingPathComponent("bundle.zip")
        try StableZip.write(folder, to: original)
        let seed = Array(try Data(contentsOf: original))
        // Zip's signatures (local header, central directory, its end), a size past everything, a path out.
        let tokens: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x01, 0x02], [0x50, 0x4B, 0x05, 0x06], [0xFF, 0xFF, 0xFF, 0xFF], Array("../".utf8),
        ]
        var mutator = Mutator(seed: 52)
        var unpacked = 0, refused = 0
        for round in 0..<Mutator.rounds(300) {
            let zip = scratch.appendingPathComponent("m.zip"), into = scratch.appendingPathComponent("out-\(round)")
            try Data(mutator.mutate(seed, tokens: tokens)).write(to: zip)
            do {
                try BundleZip.unpack(zip, into: into)
                unpacked += 1
            } catch {
                refused += 1
            }
            try? FileManager.default.removeItem(at: into)
        }
        #expect(unpacked + refused == Mutator.rounds(300) && refused > 0, "unpacked \(unpacked), refused \(refused)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(left == ["bundle", "bundle.zip", "m.zip"], "nothing unpacked outside its folder: \(left)")
    }
}

import Foundation
import Testing

/// Bundles built to exhaust the importer get a one-line refusal before the work they would cause.
@Suite("Hostile tour and book bundles")
struct HostileBundleTests {
    /// A .zip with one stored entry whose headers declare `declared` bytes, holding only `content`.
    static func zip(entry name: String, content: [UInt8], declared: UInt32) -> Data {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let path = Array(name.utf8)
        let sizes = le32(0) + le32(UInt32(content.count)) + le32(declared)  // crc, compressed, uncompressed
        let local = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + sizes + le16(UInt16(path.count)) + le16(0) + path
        let central =
            le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + sizes + le16(UInt16(path.count))
            + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + path
        let end =
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(central.count))
            + le32(UInt32(local.count + content.count)) + le16(0)
        return Data(local + content + central + end)
    }

    @Test("a zip declaring more than a bundle may hold is refused before anything is unpacked")
    func zipBomb() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wl-bomb-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.zip(entry: "tour.yaml", content: Array("x".utf8), declared: 2_000_000_000).write(to: url)
        for kind in ["tour", "book"] {
            let r = try CLI.run(["import", kind, url.path, "--database", CLI.scratchDatabase(), "--media", CLI.scratchMedia()])
            #expect(
                r.status == 1 && r.stderr.contains("would unpack to 2000000000 bytes") && r.stderr.contains("nothing was imported"),
                "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("a few hundred bytes of YAML aliases (a billion laughs) are refused at once")
    func aliasBomb() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-laughs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var yaml = "a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1..<9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]\n"
        }
        // As a value, and as a mapping's key (whose tree would be hashed whole to look for duplicate keys).
        for bomb in [yaml + "title: *a8\n", yaml + "? *a8\n: title\n"] {
            #expect(bomb.utf8.count < 1_000)
            for (kind, file) in [("tour", "tour.yaml"), ("book", "book.yaml")] {
                try bomb.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
                let r = try CLI.run(["import", kind, folder.path, "--database", CLI.scratchDatabase(), "--media", CLI.scratchMedia()])
                #expect(r.status == 1 && r.stderr.contains("once its aliases are expanded"), "\(r.stderr)")
            }
        }
    }
}

import Foundation
import Testing
import WorldLayerCore

/// Uploads are a stranger's bytes: the readers of their type, picture size and duration answer or
/// refuse, never trap. The seeds in `fuzz/seeds/media` each stopped the server once (issue 52);
/// `scripts/fuzz-parsers` mutates them further under libFuzzer.
@Suite("Hostile media: readers refuse, never trap")
struct HostileMediaTests {
    static let seeds = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../fuzz/seeds/media").standardized

    static func seedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
    }

    @Test("each crashing clip is read without a trap, as every container type", arguments: try seedNames())
    func crashingSeeds(name: String) throws {
        let data = try Data(contentsOf: Self.seeds.appending(path: name))
        for type in ["video/mp4", "audio/mp4", "video/webm", "audio/ogg", "audio/mpeg"] {
            let seconds = MediaDuration.seconds(of: data, contentType: type)
            #expect(seconds.map { $0.isFinite && $0 >= 0 } ?? true, "\(name) as \(type): \(String(describing: seconds))")
        }
        _ = MediaSniffer.imageSize(data)
    }

    @Test("every prefix of every seed, and each with one byte flipped, is read without a trap")
    func prefixesAndFlips() throws {
        for name in try Self.seedNames() {
            let data = try Data(contentsOf: Self.seeds.appending(path: name))
            for cut in 0...min(data.count, 512) {
                var bytes = [UInt8](data.prefix(cut))
                // A flip that moves with the cut, so each prefix breaks a different field.
                if !bytes.isEmpty { bytes[(cut &* 7_919) % bytes.count] ^= UInt8(truncatingIfNeeded: cut | 1) }
                for type in ["video/mp4", "video/webm", "audio/ogg", "audio/mpeg"] {
                    _ = MediaDuration.seconds(of: Data(bytes), contentType: type)
                }
                _ = MediaSniffer.mediaType(Data(bytes))
            }
        }
    }
}

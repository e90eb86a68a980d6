import Foundation
import Testing

@testable import WorldLayerCLI

/// A bundle exported twice is the same .zip, whenever its files were written and in whatever
/// order the folder lists them.
@Suite("Byte-stable zips")
struct StableZipTests {
    @Test("the same files give the same archive, whatever their modification times")
    func sameBytes() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stable-zip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var archives: [Data] = []
        for (n, time) in [1_700_000_000.0, 1_800_000_000.0].enumerated() {
            let folder = scratch.appendingPathComponent("f\(n)")
            // Written in a different order each time, with different times.
            let files = [("tour.yaml", "title: A\n"), ("audio/stop-1.mp3", String(repeating: "x", count: 5_000)), ("b.jpg", "jpeg")]
            for (name, text) in n == 0 ? files : files.reversed() {
                let url = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: url.path)
            }
            let zip = scratch.appendingPathComponent("\(n).zip")
            try StableZip.write(folder, to: zip)
            archives.append(try Data(contentsOf: zip))
        }
        #expect(archives[0] == archives[1])
        #expect(archives[0].count > 100)
    }
}

import Foundation
import WorldLayerCore
import ZIPFoundation

/// Unpacks a bundle's .zip with limits checked before any byte is written: a few kilobytes of zip
/// can declare gigabytes (a zip bomb), and an entry can hold more than it declares.
enum BundleZip {
    /// More files than any tour or book has.
    static let maximumEntries = 2_000
    /// Everything a bundle may hold once unpacked.
    static let maximumBytes = 2 * (256 << 20)

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static func unpack(_ zip: URL, into folder: URL) throws {
        let archive: Archive
        do {
            archive = try Archive(url: zip, accessMode: .read)
        } catch {
            throw Refusal(description: "not a readable .zip")
        }
        var count = 0
        var total = 0
        for entry in archive {
            count += 1
            let size = Int(clamping: entry.uncompressedSize)
            total = total.addingReportingOverflow(size).overflow ? Int.max : total + size
            guard count <= maximumEntries else { throw Refusal(description: "holds more than \(maximumEntries) files") }
            guard size <= MediaKind.video.maximumBytes else {
                throw Refusal(description: "\(entry.path) would unpack to \(size) bytes, more than any file a bundle may hold")
            }
            guard total <= maximumBytes else { throw Refusal(description: "would unpack to more than \(maximumBytes >> 20) MB") }
        }
        let root = folder.standardizedFileURL.path + "/"
        for entry in archive {
            let target = folder.appendingPathComponent(entry.path).standardizedFileURL
            guard target.path.hasPrefix(root) else { throw Refusal(description: "\(entry.path) points outside the bundle") }
            switch entry.type {
            case .directory:
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            case .symlink:
                throw Refusal(description: "\(entry.path) is a symbolic link; bundles hold plain files")
            case .file:
                try extract(entry, from: archive, to: target)
            }
        }
    }

    /// Writes one file, stopping at once if it holds more than its header declared.
    private static func extract(_ entry: Entry, from archive: Archive, to target: URL) throws {
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: target.path, contents: nil), let handle = try? FileHandle(forWritingTo: target) else {
            throw Refusal(description: "\(entry.path) could not be written")
        }
        defer { try? handle.close() }
        let declared = Int(clamping: entry.uncompressedSize)
        var written = 0
        do {
            _ = try archive.extract(entry) { chunk in
                written += chunk.count
                guard written <= declared else {
                    throw Refusal(description: "\(entry.path) holds more than its declared \(declared) bytes")
                }
                try handle.write(contentsOf: chunk)
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(description: "\(entry.path) is damaged")
        }
    }
}

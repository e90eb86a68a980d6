import Foundation
import ZIPFoundation

/// Writes a folder's files into a .zip whose bytes depend on the files alone: entries in name
/// order, each stamped with the same date and permissions, so exporting the same bundle twice
/// gives the same archive (`zipItem` took each file's modification time and the directory's order).
enum StableZip {
    /// The earliest time a zip entry can carry (1980-01-01, MS-DOS's epoch).
    static let entryDate = Date(timeIntervalSince1970: 315_532_800)

    static func write(_ folder: URL, to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        let names = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        for name in names.sorted() {
            let file = folder.appendingPathComponent(name)
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            let size = Int64(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber ?? 0)
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: size, modificationDate: entryDate, permissions: 0o644,
                compressionMethod: .deflate
            ) { position, chunk in
                try handle.seek(toOffset: UInt64(position))
                return try handle.read(upToCount: chunk) ?? Data()
            }
        }
    }
}

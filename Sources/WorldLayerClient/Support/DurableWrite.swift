import Foundation

extension Data {
    /// Writes the data beside `url`, private to its owner (0600), flushed to disk, then renamed over
    /// `url`: a kill at any moment leaves the old contents or the new, never half of either.
    func writeDurably(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let partial = url.appendingPathExtension("partial")
        // Created private, before anything is written into it.
        guard FileManager.default.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path])
        }
        let handle = try FileHandle(forWritingTo: partial)
        try handle.write(contentsOf: self)
        try handle.synchronize()
        try handle.close()
        // rename(2) replaces the old file in one step (FileManager's replaceItemAt needs one to exist on Linux).
        guard rename(partial.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}

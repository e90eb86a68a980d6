import Foundation
import Hummingbird

extension Request {
    /// Writes the body to `file` as it arrives, so a large upload never sits whole in memory; past
    /// `limit` bytes it stops with a 413 that says `tooLarge`, and the file is removed on any failure.
    func saveBody(to file: URL, limit: Int, tooLarge: String) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else {
            throw APIError.internalError
        }
        do {
            defer { try? handle.close() }
            var received = 0
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= limit else { throw APIError(.bodyTooLarge, message: tooLarge) }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }
}

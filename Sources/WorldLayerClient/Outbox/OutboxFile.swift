import Foundation
import WorldLayerCore

/// The outbox on disk: the whole queue as JSON, rewritten durably at every change, so that a kill
/// at any moment leaves the queue as it was before the change or after it.
struct OutboxFile {
    let url: URL

    func load() throws -> [QueuedWrite] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try WireJSON.decoder.decode([QueuedWrite].self, from: Data(contentsOf: url))
    }

    func save(_ queue: [QueuedWrite]) throws {
        try WireJSON.encoder.encode(queue).writeDurably(to: url)
    }
}

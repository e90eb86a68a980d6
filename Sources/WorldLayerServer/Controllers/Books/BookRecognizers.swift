import Foundation
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// One recognizer per book, built from the stored features on first use and rebuilt when the
/// book changes. Recognition itself runs outside the actor, so several frames are recognized at once.
actor BookRecognizers {
    struct Entry: Sendable {
        var recognizer: TargetRecognizer
        /// Target ids by index key.
        var targets: [BookTarget.ID]
    }

    private let store: Store
    private var built: [Book.ID: (version: Date, entry: Task<Entry, any Error>)] = [:]

    init(store: Store) { self.store = store }

    func recognizer(for book: Book) async throws -> Entry {
        if let cached = built[book.id], cached.version == book.updatedAt {
            CacheMetrics.lookup("book_recognizers", hit: true)
            return try await cached.entry.value
        }
        CacheMetrics.lookup("book_recognizers", hit: false)
        let store = store
        let task = Task<Entry, any Error> {
            let features = try await store.books.features(bookID: book.id)
            let recognizer = try TargetRecognizer(targets: features.enumerated().map { (Int64($0.offset), $0.element.features) })
            return Entry(recognizer: recognizer, targets: features.map(\.target))
        }
        // Concurrent first requests share one build.
        built[book.id] = (book.updatedAt, task)
        CacheMetrics.holds("book_recognizers", entries: built.count)
        do {
            return try await task.value
        } catch {
            built[book.id] = nil
            CacheMetrics.holds("book_recognizers", entries: built.count)
            throw error
        }
    }

    func forget(_ bookID: Book.ID) {
        built[bookID] = nil
        CacheMetrics.holds("book_recognizers", entries: built.count)
    }
}

import Foundation
import WorldLayerCore

/// Books as last decoded, each valid only for the `updated_at` it was read at (a save always moves
/// it on, ``BookStore/save(_:features:now:)``). A book of a thousand pages is ~400 KB of JSON, and
/// decoding it took about as long as recognizing a camera frame, on every frame sent to it.
final class BookCache: @unchecked Sendable {
    private let lock = NSLock()
    private var books: [Book.ID: (updatedAt: Int64, book: Book)] = [:]
    private let capacity: Int

    init(capacity: Int = 64) { self.capacity = capacity }

    func book(_ id: Book.ID, updatedAt: Int64) -> Book? {
        lock.withLock { books[id].flatMap { $0.updatedAt == updatedAt ? $0.book : nil } }
    }

    func insert(_ book: Book, updatedAt: Int64) {
        var dropped: [Book.ID: (updatedAt: Int64, book: Book)] = [:]
        lock.withLock {
            // Few books are open at once; when more are, start again rather than track which is oldest.
            if books[book.id] == nil, books.count >= capacity { swap(&dropped, &books) }
            books[book.id] = (updatedAt, book)
        }
        _ = dropped  // released outside the lock
    }
}

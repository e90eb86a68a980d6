import Foundation
import SQLKit
import WorldLayerCore

public enum BookSaveError: Error, Equatable {
    /// Another book already has this slug.
    case slugTaken(String)
    /// Media the book refers to that the library does not have.
    case missingMedia([String])
    /// A target without its features.
    case missingFeatures(BookTarget.ID)
}

/// Books and their pages' features.
public struct BookStore: StoreAggregate {
    let store: Store
}

extension BookStore {
    /// Creates or replaces a book as a whole, with each target's local features (by target id).
    /// A replaced book's `updated_at` always moves on, even within one millisecond: it is the version
    /// servers cache the decoded book and its recognizer by (``BookCache``, the server's recognizers).
    public func save(_ book: Book, features: [BookTarget.ID: Data], now: Date? = nil) async throws {
        let now = now ?? clock.now()
        let missing = try await store.tours.missingMedia(book.media.map(\.id))
        guard missing.isEmpty else { throw BookSaveError.missingMedia(missing) }
        if let target = book.targets.first(where: { features[$0.id] == nil }) { throw BookSaveError.missingFeatures(target.id) }
        do {
            try await transaction { db in
                var saved = book
                let id = saved.id.text
                let previous = try await db.raw("SELECT updated_at FROM books WHERE id = \(bind: id)").first()?.decode(
                    column: "updated_at", as: Int64.self)
                let version = max(millis(now), (previous ?? .min) + 1)
                saved.updatedAt = date(millis: version)
                let body = try StoreJSON.string(saved)
                if previous != nil {
                    try await db.raw(
                        "UPDATE books SET slug = \(bind: saved.slug), body = \(bind: body), updated_at = \(bind: version) WHERE id = \(bind: id)"
                    ).run()
                } else {
                    try await db.raw(
                        "INSERT INTO books (id, slug, body, updated_at) VALUES (\(bind: id), \(bind: saved.slug), \(bind: body), \(bind: version))"
                    ).run()
                }
                try await db.raw("DELETE FROM book_targets WHERE book_id = \(bind: id)").run()
                for (position, target) in saved.targets.enumerated() {
                    try await db.raw(
                        """
                        INSERT INTO book_targets (book_id, target_id, position, features)
                        VALUES (\(bind: id), \(bind: target.id.text), \(bind: position), \(bind: features[target.id]!))
                        """
                    ).run()
                }
            }
        } catch  where Store.isUniqueViolation(error) {
            throw BookSaveError.slugTaken(book.slug)
        }
    }

    /// Every book, by title.
    public func list() async throws -> [Book] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM books").all().map {
                try StoreJSON.decode(Book.self, try $0.decode(column: "body", as: String.self))
            }
        }
        .sorted { ($0.title, $0.id.text) < ($1.title, $1.id.text) }
    }

    /// A book by its id or its slug.
    /// Decoded once per version (``BookCache``): every camera frame sent to a book asks for it.
    public func book(idOrSlug text: String) async throws -> Book? {
        let condition: SQLQueryString = UUID(uuidString: text).map { "id = \(bind: $0.text)" } ?? "slug = \(bind: text.lowercased())"
        return try await withConnection { db in
            guard let row = try await db.raw("SELECT id, updated_at FROM books WHERE \(condition)").first() else { return nil }
            let id: Book.ID = try row.decodeID(column: "id")
            if let cached = store.bookCache.book(id, updatedAt: try row.decode(column: "updated_at", as: Int64.self)) { return cached }
            // The body with the version it is: the book may have been saved again since the row above.
            guard let current = try await db.raw("SELECT body, updated_at FROM books WHERE id = \(bind: id.text)").first() else {
                return nil
            }
            let book = try StoreJSON.decode(Book.self, try current.decode(column: "body", as: String.self))
            store.bookCache.insert(book, updatedAt: try current.decode(column: "updated_at", as: Int64.self))
            return book
        }
    }

    /// Each target's features, in the book's order.
    public func features(bookID: Book.ID) async throws -> [(target: BookTarget.ID, features: Data)] {
        try await withConnection { db in
            try await db.raw("SELECT target_id, features FROM book_targets WHERE book_id = \(bind: bookID.text) ORDER BY position").all()
                .map { row in
                    (
                        try row.decodeID(column: "target_id"),
                        try row.decode(column: "features", as: Data.self)
                    )
                }
        }
    }

    public func delete(id: Book.ID) async throws -> Bool {
        try await transaction { db in
            guard try await db.raw("SELECT id FROM books WHERE id = \(bind: id.text)").first() != nil else { return false }
            try await db.raw("DELETE FROM book_targets WHERE book_id = \(bind: id.text)").run()
            try await db.raw("DELETE FROM books WHERE id = \(bind: id.text)").run()
            return true
        }
    }
}

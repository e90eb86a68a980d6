import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Books at the store, on both engines: a book read by id or slug is the one saved last, even when
/// it was replaced within the same millisecond (servers keep books and their recognizers decoded
/// by the version `save` gives).
@Suite("Books in the store")
struct BookStoreTests {
    static let page = MediaRef(id: String(repeating: "ab", count: 32), contentType: "image/jpeg", size: 1_000, name: "pages/p.jpg")

    static func book(id: Book.ID, title: String, pages: Int) -> Book {
        Book(
            id: id, slug: "a-book", title: title, authors: ["A. Author"], description: "", language: "en",
            targets: (0..<pages).map {
                BookTarget(
                    id: BookTarget.ID(), name: "Page \($0)", image: page, physicalWidth: 0.1,
                    content: TargetContent(kind: .link, url: "https://example.org/\($0)"))
            })
    }

    @Test("a book replaced within one millisecond is read as replaced, by id and by slug", arguments: ScratchDatabase.engines)
    func replacedAtOnce(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        try await store.tours.registerMedia([Self.page])
        let id = Book.ID()
        let now = Date(timeIntervalSince1970: 1_800_000_000.123)
        func save(_ book: Book) async throws {
            try await store.books.save(
                book, features: Dictionary(uniqueKeysWithValues: book.targets.map { ($0.id, Data([1, 2, 3])) }), now: now)
        }
        try await save(Self.book(id: id, title: "First", pages: 3))
        let first = try #require(try await store.books.book(idOrSlug: "a-book"))
        #expect(first.title == "First" && first.targets.count == 3)
        #expect(try await store.books.book(idOrSlug: id.text)?.title == "First")

        try await save(Self.book(id: id, title: "Second", pages: 2))
        let second = try #require(try await store.books.book(idOrSlug: "a-book"))
        #expect(second.title == "Second" && second.targets.count == 2)
        #expect(second.updatedAt > first.updatedAt)
        #expect(try await store.books.book(idOrSlug: id.text) == second)

        #expect(try await store.books.delete(id: id))
        #expect(try await store.books.book(idOrSlug: "a-book") == nil)
    }
}

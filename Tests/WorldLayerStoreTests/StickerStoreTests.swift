import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// The sticker aggregate at the store, on both engines: client-made ids, versions, the lifecycle,
/// ids never given out again, and one change-log entry per write, in the write's transaction.
@Suite("Stickers in the store")
struct StickerStoreTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24))

    /// A store with one account and the built-in-like text template "note".
    static func world(_ engine: Store.Engine) async throws -> (Store, Account) {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await store.accounts.create(
            NewAccount(username: "ana", email: "ana@example.org", displayName: "Ana", birthday: "1990-01-01", passwordHash: "x"))
        _ = try await store.templates.add(
            NewTemplate(id: "note", name: "Note", kind: .text, takesText: true, asset: nil, preview: png), author: nil)
        return (store, ana)
    }

    static func draft(_ text: String, visibility: Visibility = .public) -> StickerDraft {
        StickerDraft(
            templateId: "note", text: text, anchor: StickerAnchor(latitude: 60.1699, longitude: 24.9384, altitude: 10, accuracy: 5),
            visibility: visibility)
    }

    /// The ids of the sticker entries appended since `seq`.
    static func stickerEntries(after seq: Int64, in store: Store) async throws -> [Sticker.ID] {
        try await store.changes.events(after: seq).compactMap {
            if case .sticker(let change) = $0 { change.stickerID } else { nil }
        }
    }

    @Test(
        "the same create again is the same sticker; an edit names its version; a stale one is refused with the current",
        arguments: ScratchDatabase.engines)
    func versions(engine: Store.Engine) async throws {
        let (store, ana) = try await Self.world(engine)
        let id = Sticker.ID()
        let (made, created) = try await store.stickers.put(id: id, draft: Self.draft("hello"), author: ana, expectedVersion: nil)
        #expect(created && made.version == 1 && made.state == .unpublished)
        let (again, createdAgain) = try await store.stickers.put(id: id, draft: Self.draft("hello"), author: ana, expectedVersion: nil)
        #expect(!createdAgain && again.id == made.id && again.version == 1 && again.text == "hello")
        let (edited, _) = try await store.stickers.put(id: id, draft: Self.draft("hello again"), author: ana, expectedVersion: 1)
        #expect(edited.version == 2 && edited.text == "hello again")
        await #expect {
            _ = try await store.stickers.put(id: id, draft: Self.draft("stale"), author: ana, expectedVersion: 1)
        } throws: { error in
            if case .versionConflict(let current) = error as? StickerWriteError { current.version == 2 } else { false }
        }
        let placed = try await store.stickers.place(id: id, author: ana.id, expectedVersion: 2)
        #expect(placed.state == .published && placed.version == 3)
        try await store.close()
    }

    @Test("each write appends one entry naming the sticker; a removed id is never given out again", arguments: ScratchDatabase.engines)
    func entriesAndRetiredIDs(engine: Store.Engine) async throws {
        let (store, ana) = try await Self.world(engine)
        let mark = try await store.changes.lastEventSeq()
        let id = Sticker.ID()
        _ = try await store.stickers.put(id: id, draft: Self.draft("once"), author: ana, expectedVersion: nil)
        _ = try await store.stickers.place(id: id, author: ana.id, expectedVersion: nil)
        try await store.stickers.delete(id: id, author: ana.id)
        #expect(try await Self.stickerEntries(after: mark, in: store) == [id, id, id])
        #expect(try await store.stickers.sticker(id: id, viewer: store.accounts.viewer(ana.id)) == nil)
        _ = try await store.accounts.delete(id: ana.id)  // the account's stickers are removed with it
        let ben = try await store.accounts.create(
            NewAccount(username: "ben", email: "ben@example.org", displayName: "Ben", birthday: "1990-01-01", passwordHash: "x"))
        await #expect(throws: (any Error).self) {
            _ = try await store.stickers.put(id: id, draft: Self.draft("taken over"), author: ben, expectedVersion: nil)
        }
        try await store.close()
    }

    @Test("a followers-only sticker is stored and reaches exactly the author's followers", arguments: ScratchDatabase.engines)
    func followersOnly(engine: Store.Engine) async throws {
        let (store, ana) = try await Self.world(engine)
        let ben = try await store.accounts.create(
            NewAccount(username: "ben", email: "ben@example.org", displayName: "Ben", birthday: "1990-01-01", passwordHash: "x"))
        let cyd = try await store.accounts.create(
            NewAccount(username: "cyd", email: "cyd@example.org", displayName: "Cyd", birthday: "1990-01-01", passwordHash: "x"))
        #expect(try await store.community.follow(username: "ana", by: ben.id) == .following)
        let id = Sticker.ID()
        _ = try await store.stickers.put(
            id: id, draft: Self.draft("for followers", visibility: .followers), author: ana, expectedVersion: nil)
        _ = try await store.stickers.place(id: id, author: ana.id, expectedVersion: nil)
        #expect(try await store.stickers.sticker(id: id, viewer: store.accounts.viewer(ben.id))?.visibility == .followers)
        #expect(try await store.stickers.sticker(id: id, viewer: store.accounts.viewer(cyd.id)) == nil)
        #expect(try await store.stickers.sticker(id: id, viewer: .anonymous) == nil)
        try await store.close()
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// The one change log at the store, on both engines: what a reader of some cells is given.
@Suite("The change log in the store")
struct ChangeLogStoreTests {
    @Test(
        "a reader of some cells gets their sticker entries, every relation entry, and its topics only", arguments: ScratchDatabase.engines)
    func filtering(engine: Store.Engine) async throws {
        let (store, ana) = try await StickerStoreTests.world(engine)
        let ben = try await store.accounts.create(
            NewAccount(username: "ben", email: "ben@example.org", displayName: "Ben", birthday: "1990-01-01", passwordHash: "x"))
        let mark = try await store.changes.lastEventSeq()
        let here = Sticker.ID()
        _ = try await store.stickers.put(id: here, draft: StickerStoreTests.draft("here"), author: ana, expectedVersion: nil)
        var far = StickerStoreTests.draft("far")
        far.anchor = StickerAnchor(latitude: 61.4978, longitude: 23.7610, altitude: 10, accuracy: 5)  // Tampere
        _ = try await store.stickers.put(id: Sticker.ID(), draft: far, author: ana, expectedVersion: nil)
        _ = try await store.community.follow(username: "ana", by: ben.id)
        let cell = CellGrid.cell(containing: Coordinate(latitude: 60.1699, longitude: 24.9384))

        let read = try await store.changes.events(after: mark, cells: [cell])
        #expect(read.count == 2, "\(read)")
        guard read.count == 2 else { return }
        if case .sticker(let change) = read[0] {
            #expect(change.stickerID == here && change.sticker?.text == "here")
        } else {
            Issue.record("\(read[0])")
        }
        if case .relation(_, let account) = read[1] { #expect(account == ben.id) } else { Issue.record("\(read[1])") }
        #expect(read[0].seq < read[1].seq)
        // Everything, for the hub: two stickers, the relation, and the inbox of ana, who has a new follower.
        #expect(try await store.changes.events(after: mark).count == 4)
        #expect(try await store.changes.events(after: read[1].seq, cells: [cell]).isEmpty)
        try await store.close()
    }
}

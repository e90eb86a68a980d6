import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// Private worldmaps at the store, on both engines: made once per client-made id, members added
/// and removed (each a relation entry), and deleting one tells every member's view.
@Suite("Private worldmaps in the store")
struct WorldmapStoreTests {
    @Test("made once per id; memberships and the map's end are relation entries for the members", arguments: ScratchDatabase.engines)
    func membership(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await ViewerRelationsStoreTests.account("ana", in: store)
        let ben = try await ViewerRelationsStoreTests.account("ben", in: store)
        let cell = CellGrid.cell(containing: Coordinate(latitude: 60.17, longitude: 24.94))
        let id = Worldmap.ID()
        let (map, created) = try await store.worldmaps.createPrivate(id: id, name: "wall", cell: cell, owner: ana)
        let (again, createdAgain) = try await store.worldmaps.createPrivate(id: id, name: "wall", cell: cell, owner: ana)
        #expect(created && !createdAgain && again.id == map.id && map.isPrivate && map.ownerId == ana)

        var mark = try await store.changes.lastEventSeq()
        try await store.worldmaps.setMembership(worldmap: id, account: ben, member: true)
        try await store.worldmaps.setMembership(worldmap: id, account: ben, member: true)  // already: nothing to tell
        #expect(try await ViewerRelationsStoreTests.relationEntries(after: mark, in: store) == [ben])
        #expect(try await store.worldmaps.members(of: id).map(\.id).sorted() == [ana, ben].sorted())
        #expect(try await store.accounts.viewer(ben).worldmaps == [id])

        mark = try await store.changes.lastEventSeq()
        try await store.worldmaps.deletePrivate(id: id)
        #expect(try await Set(ViewerRelationsStoreTests.relationEntries(after: mark, in: store)) == [ana, ben])
        #expect(try await store.worldmaps.worldmap(id: id) == nil)
        #expect(try await store.accounts.viewer(ben).worldmaps.isEmpty)
        try await store.close()
    }
}

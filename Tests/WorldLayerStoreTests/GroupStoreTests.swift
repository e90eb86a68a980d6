import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Groups at the store, on both engines: joining twice is once, a private group only by
/// invitation, the last to leave ends it, and every membership change is a relation entry.
@Suite("Groups in the store")
struct GroupStoreTests {
    @Test("open and private groups: joins, invitations, leaves and the relation entries they append", arguments: ScratchDatabase.engines)
    func memberships(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await ViewerRelationsStoreTests.account("ana", in: store)
        let ben = try await ViewerRelationsStoreTests.account("ben", in: store)
        let open = try await store.groups.create(name: "Crew", creator: ana)
        let closed = try await store.groups.create(name: "Inner", creator: ana, isPrivate: true)

        var mark = try await store.changes.lastEventSeq()
        #expect(try await store.groups.join(open.id, account: ben))
        #expect(try await store.groups.join(open.id, account: ben))  // twice is once
        #expect(try await ViewerRelationsStoreTests.relationEntries(after: mark, in: store) == [ben])
        #expect(try await !store.groups.join(closed.id, account: ben))  // not invited
        #expect(try await store.groups.group(id: closed.id, viewer: ben) == nil)  // hidden from outsiders
        #expect(try await store.accounts.viewer(ben).groups == [open.id])

        mark = try await store.changes.lastEventSeq()
        #expect(try await store.groups.leave(open.id, account: ben))
        #expect(try await store.groups.leave(open.id, account: ana))  // the last member: the group ends
        #expect(try await store.groups.group(id: open.id, viewer: ana) == nil)
        #expect(try await Set(ViewerRelationsStoreTests.relationEntries(after: mark, in: store)) == [ana, ben])
        try await store.close()
    }
}

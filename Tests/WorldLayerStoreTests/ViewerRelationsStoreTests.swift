import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// The relations the audience rule reads, at the store: each kind reaches the `Viewer` the store
/// loads, and each change of one appends a relation entry naming whose view must be reloaded.
@Suite("The viewer's relations in the store")
struct ViewerRelationsStoreTests {
    static func account(_ name: String, birthday: String = "1990-01-01", in store: Store) async throws -> Account.ID {
        try await store.accounts.create(
            NewAccount(username: name, email: "\(name)@example.org", displayName: name, birthday: birthday, passwordHash: "x")
        ).id
    }

    /// The accounts named by the relation entries appended since `seq`.
    static func relationEntries(after seq: Int64, in store: Store) async throws -> [Account.ID] {
        try await store.changes.events(after: seq).compactMap {
            if case .relation(_, let account) = $0 { account } else { nil }
        }
    }

    @Test(
        "every kind of relation reaches the viewer: worldmaps, blocks either way, groups, follows, age", arguments: ScratchDatabase.engines)
    func everyKind(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await Self.account("ana", in: store)
        let ben = try await Self.account("ben", in: store)
        let cyd = try await Self.account("cyd", in: store)
        let kid = try await Self.account("kid", birthday: "2015-06-01", in: store)
        let cell = CellGrid.cell(containing: Coordinate(latitude: 60.17, longitude: 24.94))
        let (map, _) = try await store.worldmaps.createPrivate(id: Worldmap.ID(), name: "wall", cell: cell, owner: ana)
        let group = try await store.groups.create(name: "crew", creator: ana)
        try await store.accounts.block(ben, by: cyd)
        #expect(try await store.community.follow(username: "cyd", by: ana) == .following)

        let viewer = try await store.accounts.viewer(ana)
        #expect(viewer.worldmaps == [map.id] && viewer.groups == [group.id] && viewer.following == [cyd] && viewer.isAdult)
        #expect(try await store.accounts.viewer(ben).blocked == [cyd])
        #expect(try await store.accounts.viewer(cyd).blocked == [ben])
        #expect(try await !store.accounts.viewer(kid).isAdult)
        #expect(try await store.accounts.viewer(nil) == .anonymous)
        try await store.close()
    }

    @Test("following, unfollowing and going private append relation entries for the followers", arguments: ScratchDatabase.engines)
    func followsAreRelations(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await Self.account("ana", in: store)
        let ben = try await Self.account("ben", in: store)
        let cyd = try await Self.account("cyd", in: store)

        var mark = try await store.changes.lastEventSeq()
        #expect(try await store.community.follow(username: "ana", by: ben) == .following)
        #expect(try await store.community.follow(username: "ana", by: ben) == .following)  // twice is once
        #expect(try await store.community.follow(username: "ana", by: cyd) == .following)
        #expect(try await Self.relationEntries(after: mark, in: store) == [ben, cyd])

        mark = try await store.changes.lastEventSeq()
        #expect(try await store.community.unfollow(username: "ana", by: ben))
        #expect(try await store.community.unfollow(username: "ana", by: ben))  // nothing left to end: no entry
        #expect(try await Self.relationEntries(after: mark, in: store) == [ben])
        #expect(try await store.accounts.viewer(ben).following.isEmpty)

        // Going private keeps the followers; a new one must ask, and is in only once approved.
        try await store.community.setPrivateAccount(true, accountID: ana)
        #expect(try await store.accounts.viewer(cyd).following == [ana])
        mark = try await store.changes.lastEventSeq()
        #expect(try await store.community.follow(username: "ana", by: ben) == .requested)
        #expect(try await store.community.follow(username: "ana", by: ben) == .requested)  // asking twice is once
        #expect(try await store.accounts.viewer(ben).following.isEmpty)
        #expect(try await store.community.followRequests(to: ana).map(\.username) == ["ben"])
        #expect(try await store.community.answerFollowRequest(from: "ben", to: ana, approve: true))
        #expect(try await !store.community.answerFollowRequest(from: "ben", to: ana, approve: true))  // answered already
        #expect(try await Self.relationEntries(after: mark, in: store) == [ben])
        #expect(try await store.accounts.viewer(ben).following == [ana])

        // The owner removes a follower: their live view is re-checked.
        mark = try await store.changes.lastEventSeq()
        #expect(try await store.community.removeFollower("cyd", of: ana))
        #expect(try await !store.community.removeFollower("cyd", of: ana))
        #expect(try await Self.relationEntries(after: mark, in: store) == [cyd])
        #expect(try await store.accounts.viewer(cyd).following.isEmpty)

        // Declined, or withdrawn by the asker: no follow, and the request leaves the owner's list.
        #expect(try await store.community.follow(username: "ana", by: cyd) == .requested)
        #expect(try await store.community.answerFollowRequest(from: "cyd", to: ana, approve: false))
        #expect(try await store.accounts.viewer(cyd).following.isEmpty)
        #expect(try await store.community.follow(username: "ana", by: cyd) == .requested)
        #expect(try await store.community.unfollow(username: "ana", by: cyd))
        #expect(try await store.community.followRequests(to: ana).isEmpty)

        // Going public lets in whoever asked.
        #expect(try await store.community.follow(username: "ana", by: cyd) == .requested)
        try await store.community.setPrivateAccount(false, accountID: ana)
        #expect(try await store.accounts.viewer(cyd).following == [ana])
        try await store.close()
    }
}

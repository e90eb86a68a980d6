import Foundation
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Which notifications owe a push, decided as they are written.
@Suite("Pushes owed")
struct PushStoreTests {
    /// Quiet hours from an hour ago to an hour from now (UTC), so that the test holds at any time of day.
    static func quietNow() -> QuietHours {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func clock(_ date: Date) -> String {
            let parts = utc.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", parts.hour!, parts.minute!)
        }
        return QuietHours(from: clock(Date() - 3600), until: clock(Date() + 3600), timeZone: "UTC")
    }

    @Test(
        "what comes in quiet hours is never pushed, though they end before the sender comes round; what comes after them is",
        arguments: ScratchDatabase.engines)
    func quietHoursAtArrival(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let ana = try await ViewerRelationsStoreTests.account("ana", in: store)
        let ben = try await ViewerRelationsStoreTests.account("ben", in: store)
        let cyd = try await ViewerRelationsStoreTests.account("cyd", in: store)
        try await store.notifications.subscribe(
            PushSubscription(endpoint: "https://push.example/ben", keys: .init(p256dh: "key", auth: "secret")), account: ben)

        try await store.notifications.setSettings(NotificationSettings(quietHours: Self.quietNow()), of: ben)
        #expect(try await store.community.follow(username: "ben", by: ana) == .following)
        try await store.notifications.setSettings(NotificationSettings(), of: ben)
        #expect(try await store.notifications.claimPushes().isEmpty, "ana's follow came in quiet hours")

        #expect(try await store.community.follow(username: "ben", by: cyd) == .following)
        let owed = try await store.notifications.claimPushes()
        #expect(owed.map(\.kind) == [.follower] && owed.first?.actorName == "cyd" && owed.first?.recipient == ben)
        #expect(try await store.inbox(ben).count == 2, "both are in the inbox")
        try await store.close()
    }
}

extension Store {
    fileprivate func inbox(_ account: Account.ID) async throws -> [InboxNotification] {
        try await notifications.inbox(of: account).items
    }
}

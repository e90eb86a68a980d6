import Foundation
import SQLKit
import WorldLayerCore

/// A push owed: the entry, and where it goes.
public struct OwedPush: Sendable {
    public var id: InboxNotification.ID
    public var recipient: Account.ID
    public var kind: NotificationKind
    /// The actor's display name, for the text a lock screen shows.
    public var actorName: String?
    public var subject: String?
    public var detail: String?
    public var createdAt: Date
    public var settings: NotificationSettings
    public var subscriptions: [PushSubscription]
}

/// How sending one push went.
public enum PushOutcome: Sendable, Equatable {
    case sent
    /// Quiet hours, or no subscription to send to.
    case skipped
    case failed
}

extension NotificationStore {
    // MARK: Subscriptions

    /// Keeps a browser's subscription for `account`. The same browser subscribing again (after a
    /// new login, perhaps as someone else) replaces what was kept for its endpoint.
    public func subscribe(_ subscription: PushSubscription, account: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, created_at)
                VALUES (\(bind: subscription.endpoint), \(bind: account.text), \(bind: subscription.keys.p256dh), \(bind: subscription.keys.auth), \(bind: millis(now)))
                ON CONFLICT (endpoint) DO UPDATE SET account_id = excluded.account_id, p256dh = excluded.p256dh, auth = excluded.auth,
                  created_at = excluded.created_at
                """
            ).run()
        }
    }

    /// Forgets a subscription: the person's (`account` given), or any (the push service said it is gone).
    @discardableResult
    public func unsubscribe(endpoint: String, account: Account.ID? = nil) async throws -> Bool {
        try await transaction { db in
            let mine: SQLQueryString = account.map { "AND account_id = \(bind: $0.text)" } ?? ""
            return
                !(try await db.raw("DELETE FROM push_subscriptions WHERE endpoint = \(bind: endpoint) \(mine) RETURNING endpoint").all()
                .isEmpty)
        }
    }

    static func subscriptions(of account: Account.ID, on db: any SQLDatabase) async throws -> [PushSubscription] {
        try await db.raw(
            "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE account_id = \(bind: account.text) ORDER BY created_at"
        )
        .all().map {
            PushSubscription(
                endpoint: try $0.decode(column: "endpoint", as: String.self),
                keys: .init(p256dh: try $0.decode(column: "p256dh", as: String.self), auth: try $0.decode(column: "auth", as: String.self)))
        }
    }

    // MARK: Sending

    /// How long a claimed push is left to its sender before another server may take it over.
    public static let claimLease: TimeInterval = 60

    /// Claims up to `limit` owed pushes, oldest first, for this sender; one left claimed longer than
    /// the lease (its server stopped) is claimed again. Several servers never claim the same one at once.
    public func claimPushes(limit: Int = 50, now: Date? = nil) async throws -> [OwedPush] {
        let now = now ?? clock.now()
        let stale = millis(now) - Int64(Self.claimLease * 1000)
        return try await transaction { db in
            let candidates = try await db.raw(
                """
                SELECT n.id FROM notifications n
                WHERE n.push_state = 'pending' AND (n.push_claimed_at IS NULL OR n.push_claimed_at < \(bind: stale))
                ORDER BY n.created_at LIMIT \(bind: limit)
                """
            ).all().map { try $0.decode(column: "id", as: String.self) }
            var owed: [OwedPush] = []
            for id in candidates {
                // The condition makes a second server's claim of the same row change nothing.
                let claimed = try await db.raw(
                    """
                    UPDATE notifications SET push_claimed_at = \(bind: millis(now))
                    WHERE id = \(bind: id) AND push_state = 'pending' AND (push_claimed_at IS NULL OR push_claimed_at < \(bind: stale))
                    RETURNING id, account_id, kind, actor_id, subject, detail, created_at
                    """
                ).first()
                guard let row = claimed, let kind = NotificationKind(rawValue: try row.decode(column: "kind", as: String.self)) else {
                    continue
                }
                let recipient: Account.ID = try row.decodeID(column: "account_id")
                let actorName =
                    try await row.decode(column: "actor_id", as: String?.self).asyncMap { actor in
                        try await db.raw("SELECT display_name FROM accounts WHERE id = \(bind: actor)").first()?.decode(
                            column: "display_name", as: String.self)
                    } ?? nil
                owed.append(
                    OwedPush(
                        id: try row.decodeID(column: "id"), recipient: recipient, kind: kind, actorName: actorName,
                        subject: try row.decode(column: "subject", as: String?.self),
                        detail: try row.decode(column: "detail", as: String?.self),
                        createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)),
                        settings: try await Self.settings(of: recipient, on: db),
                        subscriptions: try await Self.subscriptions(of: recipient, on: db)))
            }
            return owed
        }
    }

    /// Records how a claimed push went.
    public func finishPush(_ id: InboxNotification.ID, _ outcome: PushOutcome) async throws {
        let state: PushState =
            switch outcome {
            case .sent: .sent
            case .skipped: .skipped
            case .failed: .failed
            }
        try await transaction { db in
            try await db.raw("UPDATE notifications SET push_state = \(bind: state.rawValue) WHERE id = \(bind: id.text)").run()
        }
    }

    /// Whether any push is owed (the sender's cheap check before it claims).
    public func pushesOwed() async throws -> Bool {
        try await withConnection { db in
            try await db.raw("SELECT 1 AS x FROM notifications WHERE push_state = 'pending' LIMIT 1").first() != nil
        }
    }
}

extension Store {
    /// A key the servers share (the VAPID key pair), made once by whichever server asks first:
    /// a racing second maker's value is dropped and everyone reads the first.
    public func serverKey(named name: String, orMake make: @Sendable () throws -> String) async throws -> String {
        let made = try make()
        return try await transaction { db in
            try await db.raw("INSERT INTO server_keys (name, value) VALUES (\(bind: name), \(bind: made)) ON CONFLICT (name) DO NOTHING")
                .run()
            guard let row = try await db.raw("SELECT value FROM server_keys WHERE name = \(bind: name)").first() else {
                throw StoreError.corrupt("server key \(name) was not kept")
            }
            return try row.decode(column: "value", as: String.self)
        }
    }
}

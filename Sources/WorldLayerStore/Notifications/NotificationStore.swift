import Foundation
import SQLKit
import WorldLayerCore

/// Each person's inbox and notification settings. Entries are written by the stores whose changes
/// cause them, in the same transaction (``notify(_:on:engine:now:)``), so a change and its
/// notification are durable together; the pushes they owe are sent by the server afterwards.
public struct NotificationStore: StoreAggregate {
    let store: Store
}

extension Store {
    public var notifications: NotificationStore { NotificationStore(store: self) }
}

/// Where an entry's push stands.
enum PushState: String {
    /// None owed: the kind is not pushed to this person.
    case none
    /// Owed and not yet sent (or being sent: see `push_claimed_at`).
    case pending
    case sent
    /// Not sent: it came in quiet hours, or there was no browser to send it to.
    case skipped
    /// Every push service refused it.
    case failed
}

extension NotificationStore {
    static let columns = "n.id, n.kind, n.actor_id, n.subject, n.detail, n.created_at, n.read_at"

    /// Notifies someone, in the caller's transaction, as their settings ask: into the inbox, owed as
    /// a push, both or neither. An unread entry of the same kind, actor and subject is not repeated
    /// (following, unfollowing and following again is one notification). What comes in quiet hours is
    /// never pushed, even if they have ended by the time the sender comes round to it.
    static func notify(_ draft: NotificationDraft, on db: any SQLDatabase, engine: Store.Engine, now: Date) async throws {
        let settings = try await settings(of: draft.recipient, on: db)
        let channels = settings.channels(draft.kind)
        let push: PushState = !channels.push ? .none : settings.mayPush(draft.kind, at: now) ? .pending : .skipped
        guard channels.inbox || channels.push else { return }
        let repeated = try await db.raw(
            """
            SELECT 1 AS x FROM notifications WHERE account_id = \(bind: draft.recipient.text) AND kind = \(bind: draft.kind.rawValue)
              AND read_at IS NULL AND COALESCE(actor_id, '') = \(bind: draft.actor?.text ?? "") AND COALESCE(subject, '') = \(bind: draft.subject ?? "")
            """
        ).first()
        guard repeated == nil else { return }
        try await db.raw(
            """
            INSERT INTO notifications (id, account_id, kind, actor_id, subject, detail, in_inbox, push_state, created_at)
            VALUES (\(bind: UUID().text), \(bind: draft.recipient.text), \(bind: draft.kind.rawValue), \(bind: draft.actor?.text),
                    \(bind: draft.subject), \(bind: draft.detail.map(NotificationDraft.preview)), \(bind: channels.inbox ? 1 : 0),
                    \(bind: push.rawValue), \(bind: millis(now)))
            """
        ).run()
        if channels.inbox { try await ChangeLog.appendTopicEvent(.inbox(draft.recipient), on: db, engine: engine, now: now) }
    }

    /// Takes back what a withdrawn act caused and is still unread (a follow request cancelled).
    static func withdraw(kind: NotificationKind, recipient: Account.ID, actor: Account.ID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM notifications WHERE account_id = \(bind: recipient.text) AND kind = \(bind: kind.rawValue)
              AND actor_id = \(bind: actor.text) AND read_at IS NULL
            """
        ).run()
    }

    /// The inbox, newest first, with how many are unread. Entries whose actor is now across a block
    /// (or gone) are left out, like everything else about them.
    public func inbox(of account: Account.ID, before: Date? = nil, limit: Int = 50) async throws -> (
        items: [InboxNotification], unread: Int
    ) {
        try await withConnection { db in
            let older: SQLQueryString = before.map { "AND n.created_at < \(bind: millis($0))" } ?? ""
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM notifications n
                WHERE n.account_id = \(bind: account.text) AND n.in_inbox = 1 \(older)
                ORDER BY n.created_at DESC, n.id DESC LIMIT \(bind: limit)
                """
            ).all()
            let actorIDs = Set(try rows.compactMap { try $0.decode(column: "actor_id", as: String?.self).flatMap(Account.ID.init) })
            let cards = try await CommunityStore.cards(Array(actorIDs), viewer: account, on: db)
            let byID = Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0) })
            let items: [InboxNotification] = try rows.compactMap { row in
                let actorID = try row.decode(column: "actor_id", as: String?.self).flatMap(Account.ID.init)
                let actor = actorID.flatMap { byID[$0] }
                if actorID != nil, actor == nil { return nil }
                guard let kind = NotificationKind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
                return InboxNotification(
                    id: try row.decodeID(column: "id"), kind: kind, actor: actor,
                    subject: try row.decode(column: "subject", as: String?.self),
                    detail: try row.decode(column: "detail", as: String?.self),
                    createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)),
                    readAt: try row.decode(column: "read_at", as: Int64?.self).map { date(millis: $0) })
            }
            return (items, try await Self.unreadCount(of: account, on: db))
        }
    }

    private static func unreadCount(of account: Account.ID, on db: any SQLDatabase) async throws -> Int {
        try await db.raw(
            """
            SELECT COUNT(*) AS n FROM notifications n
            WHERE n.account_id = \(bind: account.text) AND n.in_inbox = 1 AND n.read_at IS NULL
              AND (n.actor_id IS NULL OR (EXISTS (SELECT 1 FROM accounts a WHERE a.id = n.actor_id)
                   AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = n.account_id AND b.blocked_id = n.actor_id)
                                                          OR (b.blocker_id = n.actor_id AND b.blocked_id = n.account_id))))
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Marks entries read (all of them when `ids` is nil); answers how many are still unread.
    public func markRead(_ ids: [InboxNotification.ID]?, of account: Account.ID, now: Date? = nil) async throws -> Int {
        let now = now ?? clock.now()
        return try await transaction { db in
            let only: SQLQueryString =
                ids.map { "AND id IN (\(SQLList($0.isEmpty ? [SQLLiteral.null] : $0.map { SQLBind($0.text) })))" } ?? ""
            try await db.raw(
                "UPDATE notifications SET read_at = \(bind: millis(now)) WHERE account_id = \(bind: account.text) AND read_at IS NULL \(only)"
            ).run()
            return try await Self.unreadCount(of: account, on: db)
        }
    }

    // MARK: Settings

    public func settings(of account: Account.ID) async throws -> NotificationSettings {
        try await withConnection { db in try await Self.settings(of: account, on: db) }
    }

    static func settings(of account: Account.ID, on db: any SQLDatabase) async throws -> NotificationSettings {
        guard let body = try await db.raw("SELECT body FROM notification_settings WHERE account_id = \(bind: account.text)").first()
        else { return NotificationSettings() }
        return try StoreJSON.decoder.decode(NotificationSettings.self, from: Data(try body.decode(column: "body", as: String.self).utf8))
    }

    public func setSettings(_ settings: NotificationSettings, of account: Account.ID) async throws {
        let body = try StoreJSON.string(settings)
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO notification_settings (account_id, body) VALUES (\(bind: account.text), \(bind: body))
                ON CONFLICT (account_id) DO UPDATE SET body = excluded.body
                """
            ).run()
        }
    }
}

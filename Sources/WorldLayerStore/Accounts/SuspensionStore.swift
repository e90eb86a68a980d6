import Foundation
import SQLKit
import WorldLayerCore

extension AccountStore {
    /// Suspends an account: its sessions end (its open sockets are told, and close), no session of
    /// it counts until `suspension.until` (``account(sessionTokenHash:now:)``), and the decision is
    /// a line in the moderation log. Suspending again replaces the suspension.
    public func suspend(_ id: Account.ID, _ suspension: Suspension, by moderator: Account, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                UPDATE accounts SET suspended_until = \(bind: millis(suspension.until)), suspension_reason = \(bind: suspension.reason),
                  updated_at = \(bind: millis(now)) WHERE id = \(bind: id.text)
                """
            ).run()
            try await db.raw("DELETE FROM sessions WHERE account_id = \(bind: id.text)").run()
            try await store.changes.appendRelationEvents(for: [id], on: db, now: now)
            try await ModerationStore.logModeration(
                moderator: moderator, action: "suspend", targetKind: "account", targetID: id.text,
                note: "until \(WireJSON.time(suspension.until)): \(suspension.reason)", on: db, now: now)
        }
    }

    /// Ends an account's suspension early, logged; false when it was not suspended.
    public func liftSuspension(_ id: Account.ID, by moderator: Account, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            let lifted = try await db.raw(
                """
                UPDATE accounts SET suspended_until = NULL, suspension_reason = NULL, updated_at = \(bind: millis(now))
                WHERE id = \(bind: id.text) AND suspended_until > \(bind: millis(now)) RETURNING id
                """
            ).all()
            guard !lifted.isEmpty else { return false }
            try await ModerationStore.logModeration(
                moderator: moderator, action: "lift_suspension", targetKind: "account", targetID: id.text, note: nil, on: db, now: now)
            return true
        }
    }

    /// The account's suspension while it lasts; nil when there is none (or it has ended).
    public func suspension(of id: Account.ID, now: Date? = nil) async throws -> Suspension? {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw(
                """
                SELECT suspended_until, suspension_reason FROM accounts
                WHERE id = \(bind: id.text) AND suspended_until > \(bind: millis(now))
                """
            ).first().map(Self.suspension(from:))
        }
    }

    /// Accounts suspended now, with their suspensions, soonest to end first.
    public func suspended(now: Date? = nil) async throws -> [(account: Account, suspension: Suspension)] {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.accountColumns), suspended_until, suspension_reason FROM accounts
                WHERE suspended_until > \(bind: millis(now)) ORDER BY suspended_until, username
                """
            ).all().map { (try Self.account(from: $0), try Self.suspension(from: $0)) }
        }
    }

    private static func suspension(from row: any SQLRow) throws -> Suspension {
        Suspension(
            until: date(millis: try row.decode(column: "suspended_until", as: Int64.self)),
            reason: try row.decode(column: "suspension_reason", as: String?.self) ?? "")
    }
}

import Foundation
import SQLKit
import WorldLayerCore

extension AccountStore {
    /// Records a session under the hash of its bearer token; the token itself is never stored.
    public func createSession(tokenHash: String, accountID: Account.ID, now: Date? = nil, expiresAt: Date) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO sessions (token_hash, account_id, created_at, last_used_at, expires_at)
                VALUES (\(bind: tokenHash), \(bind: accountID.text), \(bind: millis(now)), \(bind: millis(now)), \(bind: millis(expiresAt)))
                """
            ).run()
        }
    }

    /// The account a live session belongs to, or nil if the token is unknown, revoked or expired, or
    /// its account is suspended.
    public func account(sessionTokenHash: String, now: Date? = nil) async throws -> Account? {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw(
                """
                SELECT a.id, a.username, a.email, a.display_name, a.birthday, a.role, a.created_at, a.language
                FROM sessions s JOIN accounts a ON a.id = s.account_id
                WHERE s.token_hash = \(bind: sessionTokenHash) AND s.expires_at > \(bind: millis(now))
                  AND (a.suspended_until IS NULL OR a.suspended_until <= \(bind: millis(now)))
                """
            ).first().map(Self.account(from:))
        }
    }

    /// Ends one session. Returns false if it did not exist.
    @discardableResult
    /// The account's live sockets on every server are told (a relation event), so the one that used
    /// this session closes.
    public func deleteSession(tokenHash: String, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let row = try await db.raw("SELECT account_id FROM sessions WHERE token_hash = \(bind: tokenHash)").first() else {
                return false
            }
            try await db.raw("DELETE FROM sessions WHERE token_hash = \(bind: tokenHash)").run()
            if let account = Account.ID(try row.decode(column: "account_id", as: String.self)) {
                try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
            }
            return true
        }
    }

    /// Whether a session is still live (not logged out, revoked or expired).
    public func isSessionLive(tokenHash: String, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw("SELECT 1 AS x FROM sessions WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: millis(now))")
                .first() != nil
        }
    }

    /// How many live sessions an account has.
    public func sessionCount(accountID: Account.ID, now: Date? = nil) async throws -> Int {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw(
                "SELECT COUNT(*) AS n FROM sessions WHERE account_id = \(bind: accountID.text) AND expires_at > \(bind: millis(now))"
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}

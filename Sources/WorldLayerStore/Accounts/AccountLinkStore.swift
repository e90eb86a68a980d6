import Foundation
import SQLKit
import WorldLayerCore

/// What a link mailed to an account's address is for.
public enum AccountLinkPurpose: String, Sendable {
    /// Choose a new password (the old one is forgotten).
    case passwordReset = "reset"
    /// Show that the address is the person's.
    case verifyEmail = "verify"
}

/// Why a mailed link did nothing.
public enum AccountLinkRefusal: Error, Sendable, Equatable {
    /// Never made, or for another purpose.
    case unknown
    case used
    case expired
    /// A verification for an address the account no longer has.
    case addressChanged
}

extension AccountStore {
    /// Keeps a mailed link (its hash) for an account, to its current address, unless `atMost` links of
    /// the purpose were made for it in the hour before: false then, and nothing is kept. Counted in the
    /// database under the account's lock, so the limit holds across servers and side-by-side asks.
    public func issueLink(
        _ purpose: AccountLinkPurpose, tokenHash: String, account: Account, expiresAt: Date, atMost: Int, now: Date? = nil
    ) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            try await lock(.account, id: account.id, on: db)
            let recent =
                try await db.raw(
                    """
                    SELECT COUNT(*) AS n FROM account_links WHERE account_id = \(bind: account.id.text) AND purpose = \(bind: purpose.rawValue)
                      AND created_at > \(bind: millis(now) - 3_600_000)
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            guard recent < atMost else { return false }
            try await db.raw(
                """
                INSERT INTO account_links (token_hash, account_id, purpose, email, expires_at, created_at)
                VALUES (\(bind: tokenHash), \(bind: account.id.text), \(bind: purpose.rawValue), \(bind: account.email),
                        \(bind: millis(expiresAt)), \(bind: millis(now)))
                """
            ).run()
            return true
        }
    }

    /// Spends a password-reset link: the new hash replaces the password, every session ends, and every
    /// other reset link of the account is spent too. Throws ``AccountLinkRefusal``.
    public func resetPassword(tokenHash: String, newHash: String, now: Date? = nil) async throws -> Account {
        let now = now ?? clock.now()
        return try await transaction { db in
            let link = try await Self.spend(.passwordReset, tokenHash: tokenHash, on: db, now: now)
            try await db.raw(
                "UPDATE accounts SET password_hash = \(bind: newHash), updated_at = \(bind: millis(now)) WHERE id = \(bind: link.account.text)"
            ).run()
            try await db.raw(
                """
                UPDATE account_links SET used_at = \(bind: millis(now))
                WHERE account_id = \(bind: link.account.text) AND purpose = \(bind: AccountLinkPurpose.passwordReset.rawValue) AND used_at IS NULL
                """
            ).run()
            try await db.raw("DELETE FROM sessions WHERE account_id = \(bind: link.account.text)").run()
            // Live sockets of the ended sessions close.
            try await store.changes.appendRelationEvents(for: [link.account], on: db, now: now)
            guard let account = try await Self.account(id: link.account, on: db) else { throw AccountLinkRefusal.unknown }
            return account
        }
    }

    /// Spends a verification link: the address it was sent to is the account's, verified now. Opening
    /// it again says the same while that address is still the account's (a second tap is no error).
    public func verifyEmail(tokenHash: String, now: Date? = nil) async throws -> Account {
        let now = now ?? clock.now()
        return try await transaction { db in
            let link: (account: Account.ID, email: String)
            var again = false
            do {
                link = try await Self.spend(.verifyEmail, tokenHash: tokenHash, on: db, now: now)
            } catch AccountLinkRefusal.used {
                guard
                    let row = try await db.raw("SELECT account_id, email FROM account_links WHERE token_hash = \(bind: tokenHash)").first()
                else { throw AccountLinkRefusal.used }
                link = (try row.decodeID(column: "account_id"), try row.decode(column: "email", as: String.self))
                again = true
            }
            guard let account = try await Self.account(id: link.account, on: db) else { throw AccountLinkRefusal.unknown }
            guard AccountRules.key(account.email) == AccountRules.key(link.email) else { throw AccountLinkRefusal.addressChanged }
            if again {
                guard
                    try await db.raw("SELECT email_verified_at FROM accounts WHERE id = \(bind: link.account.text)").first()?
                        .decode(column: "email_verified_at", as: Int64?.self) != nil
                else { throw AccountLinkRefusal.used }
                return account
            }
            try await db.raw("UPDATE accounts SET email_verified_at = \(bind: millis(now)) WHERE id = \(bind: link.account.text)").run()
            return account
        }
    }

    /// When the account's address was verified; nil while it is not.
    public func emailVerifiedAt(_ account: Account.ID) async throws -> Date? {
        try await withConnection { db in
            try await db.raw("SELECT email_verified_at FROM accounts WHERE id = \(bind: account.text)").first()?
                .decode(column: "email_verified_at", as: Int64?.self).map { date(millis: $0) }
        }
    }

    /// Marks a link used, once; the one whose it is, and the address it went to.
    private static func spend(_ purpose: AccountLinkPurpose, tokenHash: String, on db: any SQLDatabase, now: Date) async throws -> (
        account: Account.ID, email: String
    ) {
        guard
            let row = try await db.raw(
                """
                SELECT account_id, email, expires_at, used_at FROM account_links
                WHERE token_hash = \(bind: tokenHash) AND purpose = \(bind: purpose.rawValue)
                """
            ).first()
        else { throw AccountLinkRefusal.unknown }
        if try row.decode(column: "used_at", as: Int64?.self) != nil { throw AccountLinkRefusal.used }
        if try row.decode(column: "expires_at", as: Int64.self) <= millis(now) { throw AccountLinkRefusal.expired }
        // The condition makes a racing second use (another server) change nothing.
        let spent = try await db.raw(
            "UPDATE account_links SET used_at = \(bind: millis(now)) WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL RETURNING token_hash"
        ).all()
        guard !spent.isEmpty else { throw AccountLinkRefusal.used }
        return (try row.decodeID(column: "account_id"), try row.decode(column: "email", as: String.self))
    }

    static func account(id: Account.ID, on db: any SQLDatabase) async throws -> Account? {
        try await db.raw("SELECT \(unsafeRaw: accountColumns) FROM accounts WHERE id = \(bind: id.text)").first().map(Self.account(from:))
    }
}

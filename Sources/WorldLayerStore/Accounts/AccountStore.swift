import Foundation
import SQLKit
import WorldLayerCore

/// An account about to be created; the password is already hashed.
public struct NewAccount: Sendable {
    public var id: Account.ID
    public var username: String
    public var email: String
    public var displayName: String
    public var birthday: String
    public var passwordHash: String
    public var role: AccountRole
    public var language: Language?

    public init(
        id: Account.ID = Account.ID(), username: String, email: String, displayName: String, birthday: String, passwordHash: String,
        role: AccountRole = .user, language: Language? = nil
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.birthday = birthday
        self.passwordHash = passwordHash
        self.role = role
        self.language = language
    }
}

/// Milliseconds since 1970, the one timestamp format both engines store alike.
func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
func date(millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

/// Accounts, their sessions, roles and blocks.
public struct AccountStore: StoreAggregate {
    let store: Store
}

extension AccountStore {
    static let accountColumns = "id, username, email, display_name, birthday, role, created_at, language"

    static func account(from row: any SQLRow) throws -> Account {
        Account(
            id: try row.decodeID(column: "id"),
            username: try row.decode(column: "username", as: String.self),
            email: try row.decode(column: "email", as: String.self),
            displayName: try row.decode(column: "display_name", as: String.self),
            birthday: try row.decode(column: "birthday", as: String.self),
            role: AccountRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .user,
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)),
            language: try row.decode(column: "language", as: String?.self).flatMap(Language.init(rawValue:)))
    }

    /// Creates an account. Throws a conflict naming the field when the username or
    /// email (compared ignoring case) is taken.
    public func create(_ new: NewAccount, now: Date? = nil) async throws -> Account {
        let now = now ?? clock.now()
        let usernameKey = AccountRules.key(new.username)
        let emailKey = AccountRules.key(new.email)
        do {
            return try await transaction { db in
                let taken = try await db.raw(
                    "SELECT username_key, email_key FROM accounts WHERE username_key = \(bind: usernameKey) OR email_key = \(bind: emailKey)"
                ).all()
                if try taken.contains(where: { try $0.decode(column: "username_key", as: String.self) == usernameKey }) {
                    throw StoreError.conflict("username is taken", field: "username")
                }
                if !taken.isEmpty { throw StoreError.conflict("an account with this email already exists", field: "email") }
                let t = millis(now)
                try await db.raw(
                    """
                    INSERT INTO accounts (id, username, username_key, email, email_key, display_name, birthday, password_hash, role, created_at, updated_at, language)
                    VALUES (\(bind: new.id.text), \(bind: new.username), \(bind: usernameKey), \(bind: new.email), \(bind: emailKey),
                            \(bind: new.displayName), \(bind: new.birthday), \(bind: new.passwordHash), \(bind: new.role.rawValue), \(bind: t), \(bind: t),
                            \(bind: new.language?.rawValue))
                    """
                ).run()
                return Account(
                    id: new.id, username: new.username, email: new.email, displayName: new.displayName, birthday: new.birthday,
                    role: new.role, createdAt: date(millis: t), language: new.language)
            }
        } catch  where Store.isUniqueViolation(error) {
            // Lost a race with a concurrent sign-up on another connection or server.
            throw StoreError.conflict("username or email is taken", field: "username")
        }
    }

    public func account(id: Account.ID) async throws -> Account? {
        try await withConnection { db in
            try await db.raw("SELECT \(unsafeRaw: Self.accountColumns) FROM accounts WHERE id = \(bind: id.text)")
                .first().map(Self.account(from:))
        }
    }

    /// The account a login name (username or email, any case) belongs to, with its password hash.
    public func credentials(login: String) async throws -> (account: Account, passwordHash: String)? {
        let key = AccountRules.key(login)
        return try await withConnection { db in
            guard
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: Self.accountColumns), password_hash FROM accounts WHERE username_key = \(bind: key) OR email_key = \(bind: key)"
                ).first()
            else { return nil }
            return (try Self.account(from: row), try row.decode(column: "password_hash", as: String.self))
        }
    }

    public func passwordHash(accountID: Account.ID) async throws -> String? {
        try await withConnection { db in
            try await db.raw("SELECT password_hash FROM accounts WHERE id = \(bind: accountID.text)").first()?
                .decode(column: "password_hash", as: String.self)
        }
    }

    /// Accounts ordered by username, a page at a time.
    public func list(limit: Int = 100, after username: String? = nil) async throws -> [Account] {
        let key = username.map(AccountRules.key) ?? ""
        return try await withConnection { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.accountColumns) FROM accounts WHERE username_key > \(bind: key) ORDER BY username_key LIMIT \(bind: limit)"
            ).all().map(Self.account(from:))
        }
    }

    public func account(username: String) async throws -> Account? {
        try await withConnection { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.accountColumns) FROM accounts WHERE username_key = \(bind: AccountRules.key(username))"
            )
            .first().map(Self.account(from:))
        }
    }

    /// Deletes an account and everything it owns: sessions, stickers, worldmaps,
    /// memberships and submissions. Live subscribers are told at once. Returns false if it did not exist.
    @discardableResult
    public func delete(id: Account.ID) async throws -> Bool {
        try await transaction { db in
            let idText = id.text
            let exists = try await db.raw("SELECT id FROM accounts WHERE id = \(bind: idText)").first() != nil
            guard exists else { return false }
            try await store.worldmaps.endContent(of: id, on: db)
            try await TourStore.deleteProgress(of: [idText], on: db)
            try await db.raw("DELETE FROM sessions WHERE account_id = \(bind: idText)").run()
            try await db.raw("DELETE FROM accounts WHERE id = \(bind: idText)").run()
            try await GroupStore.deleteEmptyGroups(on: db)
            try await BlobStore.deleteOrphanBlobs(on: db)
            return true
        }
    }

    /// The language the account's e-mails are written in; nil is English.
    public func setLanguage(_ language: Language?, accountID: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                "UPDATE accounts SET language = \(bind: language?.rawValue), updated_at = \(bind: millis(now)) WHERE id = \(bind: accountID.text)"
            ).run()
        }
    }

    public func setRole(accountID: Account.ID, role: AccountRole, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                "UPDATE accounts SET role = \(bind: role.rawValue), updated_at = \(bind: millis(now)) WHERE id = \(bind: accountID.text)"
            ).run()
        }
    }

    /// Replaces the password hash and ends every session except `keeping`, atomically.
    public func changePassword(accountID: Account.ID, newHash: String, keeping tokenHash: String?, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            let idText = accountID.text
            try await db.raw(
                "UPDATE accounts SET password_hash = \(bind: newHash), updated_at = \(bind: millis(now)) WHERE id = \(bind: idText)"
            ).run()
            try await db.raw("DELETE FROM sessions WHERE account_id = \(bind: idText) AND token_hash <> \(bind: tokenHash ?? "")").run()
            // Live sockets of the ended sessions close.
            try await store.changes.appendRelationEvents(for: [accountID], on: db, now: now)
        }
    }
}

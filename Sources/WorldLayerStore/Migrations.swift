/// One step of the schema. Steps are append-only: a released step is never edited,
/// a change is a new step. Each is literal SQL, independent of the app's types.
struct Migration: Sendable {
    let version: Int
    let name: String
    /// Statements for both engines, unless an engine has its own below.
    let statements: [String]
    var postgres: [String]? = nil

    func statements(for engine: Store.Engine) -> [String] {
        engine == .postgres ? (postgres ?? statements) : statements
    }
}

extension Migration {
    /// Every migration, in order.
    static let all: [Migration] = [
        Migration(
            version: 1, name: "accounts and sessions",
            statements: [
                """
                CREATE TABLE accounts (
                    id TEXT PRIMARY KEY,
                    username TEXT NOT NULL,
                    username_key TEXT NOT NULL UNIQUE,
                    email TEXT NOT NULL,
                    email_key TEXT NOT NULL UNIQUE,
                    display_name TEXT NOT NULL,
                    birthday TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE sessions (
                    token_hash TEXT PRIMARY KEY,
                    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX sessions_by_account ON sessions (account_id)",
            ]),
    ]
}

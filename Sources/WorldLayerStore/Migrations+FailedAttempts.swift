extension Migration {
    /// Version 33: failed attempts at passwords and passkeys, counted in the database when servers
    /// share it (PostgreSQL), so that a guesser's budget does not grow with the number of servers.
    static let failedAttempts = Migration(
        version: 33, name: "failed attempts shared by servers",
        statements: [
            "CREATE TABLE failed_attempts (key TEXT NOT NULL, at BIGINT NOT NULL)",
            "CREATE INDEX failed_attempts_by_key ON failed_attempts (key, at)",
            "CREATE INDEX failed_attempts_by_time ON failed_attempts (at)",
        ])
}

extension Migration {
    /// Version 31: links sent by email to an account's address: a password reset and the check that
    /// the address is the person's. Only each link's hash is kept; a link is spent once, expires, and
    /// a verification is for the address it was sent to. Accounts gain when their address was verified.
    static let accountEmails = Migration(
        version: 31, name: "password resets and email verification", statements: tables(time: "INTEGER"), postgres: tables(time: "BIGINT"))

    private static func tables(time: String) -> [String] {
        [
            """
            CREATE TABLE account_links (
                token_hash TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                purpose TEXT NOT NULL,
                email TEXT NOT NULL,
                expires_at \(time) NOT NULL,
                used_at \(time),
                created_at \(time) NOT NULL
            )
            """,
            "CREATE INDEX account_links_by_account ON account_links (account_id, purpose, created_at)",
            "ALTER TABLE accounts ADD COLUMN email_verified_at \(time)",
        ]
    }
}

extension Migration {
    /// Version 17: feedback from the app's support form. A signed-in sender's messages go with their
    /// account when it is deleted (they may hold an email address and personal words).
    static let feedback = Migration(
        version: 17, name: "feedback",
        statements: [
            """
            CREATE TABLE feedback (
                id TEXT PRIMARY KEY,
                account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
                topic TEXT NOT NULL,
                message TEXT NOT NULL,
                email TEXT,
                screen TEXT,
                status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'done')),
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX feedback_by_status_time ON feedback (status, created_at)",
        ])
}

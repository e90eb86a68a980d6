extension Migration {
    /// Version 16: private groups. A private group is found and joined only by invitation from one of
    /// its members; it is in no search or suggestion for anyone else.
    static let privateGroups = Migration(
        version: 16, name: "private groups and their invitations",
        statements: [
            "ALTER TABLE social_groups ADD COLUMN is_private INTEGER NOT NULL DEFAULT 0",
            """
            CREATE TABLE group_invitations (
                group_id TEXT NOT NULL REFERENCES social_groups (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                invited_by TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (group_id, account_id)
            )
            """,
            "CREATE INDEX group_invitations_by_account ON group_invitations (account_id)",
        ])
}

extension Migration {
    /// Version 30: follow requests to private accounts; the inbox (written in the transaction of the
    /// change that caused each entry, with whether a push is still owed); each person's notification
    /// settings; the browsers' Web Push subscriptions; the server's own keys (the VAPID key pair every
    /// server signs pushes with); and the account a guided tour's participant joined from, so a
    /// guide's answer reaches their inbox.
    static let notifications = Migration(
        version: 30, name: "follow requests and notifications", statements: tables(time: "INTEGER"), postgres: tables(time: "BIGINT"))

    private static func tables(time: String) -> [String] {
        [
            """
            CREATE TABLE follow_requests (
                requester_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                created_at \(time) NOT NULL,
                PRIMARY KEY (account_id, requester_id)
            )
            """,
            """
            CREATE TABLE notifications (
                id TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                actor_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
                subject TEXT,
                detail TEXT,
                in_inbox INTEGER NOT NULL,
                push_state TEXT NOT NULL,
                push_claimed_at \(time),
                created_at \(time) NOT NULL,
                read_at \(time)
            )
            """,
            "CREATE INDEX notifications_by_account ON notifications (account_id, created_at)",
            "CREATE INDEX notifications_to_push ON notifications (push_state, created_at)",
            """
            CREATE TABLE notification_settings (
                account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                body TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE push_subscriptions (
                endpoint TEXT PRIMARY KEY,
                account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                p256dh TEXT NOT NULL,
                auth TEXT NOT NULL,
                created_at \(time) NOT NULL
            )
            """,
            "CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id)",
            "CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "ALTER TABLE tour_participants ADD COLUMN account_id TEXT REFERENCES accounts(id) ON DELETE SET NULL",
        ]
    }
}

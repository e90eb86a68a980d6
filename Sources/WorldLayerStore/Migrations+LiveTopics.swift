extension Migration {
    /// Version 26: the change log also carries `topic` entries — something changed under a name that
    /// screens follow besides cells (a guided tour group's questions and members: `tour-group:<id>`).
    /// A topic entry says only that: a screen following it reads what it may see again over HTTP.
    /// SQLite cannot change a CHECK in place, so its log is copied into a new table (with its counter).
    static let liveTopics = Migration(
        version: 26, name: "topics in the change log",
        statements: [
            """
            CREATE TABLE sticker_events_next (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL CHECK (kind IN ('sticker', 'relation', 'topic')),
                sticker_id TEXT,
                account_id TEXT,
                cell BIGINT NOT NULL,
                previous_cell BIGINT,
                before_audience TEXT,
                after_audience TEXT,
                body TEXT,
                created_at BIGINT NOT NULL,
                topic TEXT
            )
            """,
            """
            INSERT INTO sticker_events_next (seq, kind, sticker_id, account_id, cell, previous_cell, before_audience, after_audience, body, created_at)
            SELECT seq, kind, sticker_id, account_id, cell, previous_cell, before_audience, after_audience, body, created_at FROM sticker_events
            """,
            // The counter goes on from where the old log's was, even past entries pruned since.
            """
            INSERT INTO sqlite_sequence (name, seq) SELECT 'sticker_events_next', seq FROM sqlite_sequence
            WHERE name = 'sticker_events' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'sticker_events_next')
            """,
            """
            UPDATE sqlite_sequence SET seq = (SELECT MAX(seq) FROM sqlite_sequence WHERE name IN ('sticker_events', 'sticker_events_next'))
            WHERE name = 'sticker_events_next'
            """,
            "DROP TABLE sticker_events",
            "ALTER TABLE sticker_events_next RENAME TO sticker_events",
            "CREATE INDEX sticker_events_by_cell ON sticker_events (cell, seq)",
            "CREATE INDEX sticker_events_by_time ON sticker_events (created_at)",
            "CREATE INDEX sticker_events_by_topic ON sticker_events (topic, seq) WHERE topic IS NOT NULL",
        ],
        postgres: [
            "ALTER TABLE sticker_events DROP CONSTRAINT sticker_events_kind_check",
            "ALTER TABLE sticker_events ADD CONSTRAINT sticker_events_kind_check CHECK (kind IN ('sticker', 'relation', 'topic'))",
            "ALTER TABLE sticker_events ADD COLUMN topic TEXT",
            "CREATE INDEX sticker_events_by_topic ON sticker_events (topic, seq) WHERE topic IS NOT NULL",
        ])
}

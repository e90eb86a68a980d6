extension Migration {
    /// Version 11 (SQLite only): stickers stored in place order, so a nearby page's bodies share a few pages.
    ///
    /// A rowid table keeps rows in insertion order; the 50 bodies of a nearby page then sit on
    /// 50 random pages, which at 10 M stickers (11 GB) come from disk. As a `WITHOUT ROWID`
    /// table keyed by (cell, strip, latitude, id) — the spatial index's own order — neighbours
    /// are stored side by side. `id` stays unique, so foreign keys and reads by id are unchanged.
    ///
    /// SQLite cannot change a table's storage in place, and migrations run in a transaction with
    /// foreign keys on, where renaming a table rewrites other tables' references to it and dropping
    /// it cascades. So the rows that reference stickers are kept aside, the old table is dropped,
    /// the new one takes its name (the references still say `stickers`), and the rows come back.
    /// PostgreSQL keeps its heap table: it has no clustered storage that stays clustered.
    static let clusteredStickers = Migration(
        version: 11, name: "stickers stored in place order (SQLite)",
        statements: [
            """
            CREATE TABLE stickers_by_place (
                id TEXT NOT NULL UNIQUE,
                author_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                state TEXT NOT NULL CHECK (state IN ('unpublished', 'published', 'deleted')),
                visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private', 'shared')),
                worldmap_id TEXT NOT NULL REFERENCES worldmaps (id) ON DELETE CASCADE,
                private_worldmap_id TEXT,
                template_id TEXT NOT NULL REFERENCES templates (id),
                cell BIGINT NOT NULL,
                latitude DOUBLE PRECISION NOT NULL,
                longitude DOUBLE PRECISION NOT NULL,
                expires_at BIGINT,
                deleted_at BIGINT,
                version INTEGER NOT NULL,
                body TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                strip BIGINT NOT NULL,
                PRIMARY KEY (cell, strip, latitude, id)
            ) WITHOUT ROWID
            """,
            """
            INSERT INTO stickers_by_place
            SELECT id, author_id, state, visibility, worldmap_id, private_worldmap_id, template_id, cell, latitude, longitude,
                   expires_at, deleted_at, version, body, created_at, updated_at, strip
            FROM stickers ORDER BY cell, strip, latitude, id
            """,
            "CREATE TEMP TABLE kept_shares AS SELECT * FROM sticker_shares",
            "CREATE TEMP TABLE kept_group_shares AS SELECT * FROM sticker_group_shares",
            "CREATE TEMP TABLE kept_tags AS SELECT * FROM sticker_tags",
            "CREATE TEMP TABLE kept_views AS SELECT * FROM sticker_views",
            "CREATE TEMP TABLE kept_reports AS SELECT * FROM reports",
            "DROP TABLE stickers",
            "ALTER TABLE stickers_by_place RENAME TO stickers",
            "INSERT INTO sticker_shares SELECT * FROM kept_shares",
            "INSERT INTO sticker_group_shares SELECT * FROM kept_group_shares",
            "INSERT INTO sticker_tags SELECT * FROM kept_tags",
            "INSERT INTO sticker_views SELECT * FROM kept_views",
            "INSERT INTO reports SELECT * FROM kept_reports",
            "DROP TABLE kept_shares",
            "DROP TABLE kept_group_shares",
            "DROP TABLE kept_tags",
            "DROP TABLE kept_views",
            "DROP TABLE kept_reports",
            """
            CREATE INDEX stickers_by_spot ON stickers (cell, strip, latitude, longitude, state, visibility, author_id, id, private_worldmap_id, expires_at, version)
            WHERE state <> 'deleted'
            """,
            "CREATE INDEX stickers_by_author ON stickers (author_id, updated_at)",
            "CREATE INDEX stickers_archived ON stickers (deleted_at) WHERE state = 'deleted'",
            "CREATE INDEX stickers_expiring ON stickers (expires_at) WHERE expires_at IS NOT NULL AND state <> 'deleted'",
            "CREATE INDEX stickers_by_time ON stickers (created_at, id) WHERE state = 'published'",
        ],
        postgres: [])
}

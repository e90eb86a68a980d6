extension Migration {
    /// Version 11 (SQLite only): stickers stored in place order, so a nearby page's bodies share a few pages.
    ///
    /// A rowid table keeps rows in insertion order; the 50 bodies of a nearby page then sit on
    /// 50 random pages, which at 10 M stickers (11 GB) come from disk. As a `WITHOUT ROWID`
    /// table keyed by (cell, strip, latitude, id) — the spatial index's own order — neighbours
    /// are stored side by side. `id` stays unique, so foreign keys and reads by id are unchanged.
    /// PostgreSQL keeps its heap table: it has no clustered storage that stays clustered.
    static let clusteredStickers = Migration(
        version: 11, name: "stickers stored in place order (SQLite)",
        statements: replacingStickersTable(
            create: """
                CREATE TABLE stickers_by_place (
                    id TEXT NOT NULL UNIQUE,
                    \(stickerColumns),
                    PRIMARY KEY (cell, strip, latitude, id)
                ) WITHOUT ROWID
                """,
            copy: """
                INSERT INTO stickers_by_place
                SELECT id, author_id, state, visibility, worldmap_id, private_worldmap_id, template_id, cell, latitude, longitude,
                       expires_at, deleted_at, version, body, created_at, updated_at, strip
                FROM stickers ORDER BY cell, strip, latitude, id
                """),
        postgres: [])

    /// Version 13 (SQLite only): stickers keyed by an integer place key (``StickerPlaceKey``), in the same order.
    ///
    /// Version 11's `WITHOUT ROWID` table was the right order in the wrong kind of tree: SQLite
    /// stores such a table as an index B-tree, whose inner pages hold whole rows. With ~800-byte
    /// rows that is five entries a page, eight levels at 1 M stickers, and at 10 M a gigabyte of
    /// inner pages, read from disk on most probes. A rowid table's inner pages hold integers only.
    /// The key is (row, strip, latitude slot, number within the slot); the number counts the
    /// stickers of a slot by latitude, then id.
    static let stickersByPlaceKey = Migration(
        version: 13, name: "stickers keyed by place (SQLite)",
        statements: replacingStickersTable(
            create: """
                CREATE TABLE stickers_by_place (
                    place_key INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    \(stickerColumns)
                )
                """,
            copy: """
                INSERT INTO stickers_by_place
                SELECT ((cell >> 20) << 45) | (strip << 23) | (slot << 15)
                         | (ROW_NUMBER() OVER (PARTITION BY cell >> 20, strip, slot ORDER BY latitude, id) - 1),
                       id, author_id, state, visibility, worldmap_id, private_worldmap_id, template_id, cell, latitude, longitude,
                       expires_at, deleted_at, version, body, created_at, updated_at, strip
                FROM (SELECT *, MIN(255, MAX(0, CAST((latitude - (-90.0 + (cell >> 20) * 0.0009)) / 0.0009 * 256 AS INTEGER))) AS slot
                      FROM stickers)
                ORDER BY 1
                """),
        postgres: [])

    /// Every column of the stickers table but its key (as migration 3 left them, with migration 5's strip).
    private static let stickerColumns = stickerColumns(visibilities: "'public', 'private', 'shared'")

    /// The columns with `visibilities` allowed (a list of SQL strings).
    static func stickerColumns(visibilities: String) -> String {
        """
        author_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                        state TEXT NOT NULL CHECK (state IN ('unpublished', 'published', 'deleted')),
                        visibility TEXT NOT NULL CHECK (visibility IN (\(visibilities))),
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
                        strip BIGINT NOT NULL
        """
    }

    /// Swaps SQLite's stickers table for `stickers_by_place` (made by `create`, filled by `copy`), with its indexes.
    ///
    /// SQLite cannot change a table's storage in place, and migrations run in a transaction with
    /// foreign keys on, where renaming a table rewrites other tables' references to it and dropping
    /// it cascades. So the rows that reference stickers are kept aside, the old table is dropped,
    /// the new one takes its name (the references still say `stickers`), and the rows come back.
    ///
    /// `also` names tables made since that reference stickers too (with the names they are kept
    /// under), and `indexes` replaces the indexes (and triggers) made here, for a later schema.
    static func replacingStickersTable(
        create: String, copy: String, also: [(String, String)] = [], indexes: [String]? = nil
    ) -> [String] {
        let kept =
            [
                ("sticker_shares", "kept_shares"), ("sticker_group_shares", "kept_group_shares"), ("sticker_tags", "kept_tags"),
                ("sticker_views", "kept_views"), ("reports", "kept_reports"),
            ] + also
        return [create, copy]
            + kept.map { "CREATE TEMP TABLE \($0.1) AS SELECT * FROM \($0.0)" }
            + ["DROP TABLE stickers", "ALTER TABLE stickers_by_place RENAME TO stickers"]
            + kept.map { "INSERT INTO \($0.0) SELECT * FROM \($0.1)" }
            + kept.map { "DROP TABLE \($0.1)" }
            + (indexes ?? placeOrderIndexes)
    }

    /// The stickers table's indexes as version 11 made them (the spot index first).
    static let placeOrderIndexes = [
        """
        CREATE INDEX stickers_by_spot ON stickers (cell, strip, latitude, longitude, state, visibility, author_id, id, private_worldmap_id, expires_at, version)
        WHERE state <> 'deleted'
        """,
        "CREATE INDEX stickers_by_author ON stickers (author_id, updated_at)",
        "CREATE INDEX stickers_archived ON stickers (deleted_at) WHERE state = 'deleted'",
        "CREATE INDEX stickers_expiring ON stickers (expires_at) WHERE expires_at IS NOT NULL AND state <> 'deleted'",
        "CREATE INDEX stickers_by_time ON stickers (created_at, id) WHERE state = 'published'",
    ]
}

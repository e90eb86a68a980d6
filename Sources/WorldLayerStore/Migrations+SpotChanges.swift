extension Migration {
    /// Version 23 (SQLite only): a log of changed stickers and viewers, written by triggers, so that a
    /// server keeping every sticker's place and audience in memory (``ResidentSpots``) stays true to
    /// the file whoever writes it — this server, the CLI, another process.
    ///
    /// A change to a sticker row or its shares adds the sticker's id and, where the row was there
    /// before, the cell it was in (so the memory can drop it from there when it moves). A change to
    /// what a viewer may see by (blocks, worldmap and group memberships, the birthday) adds the
    /// account's id. The log keeps the last 10,000 entries; a reader further behind reads everything
    /// again. A migration that rebuilds one of these tables drops its triggers and must make them again.
    static let spotChanges = Migration(
        version: 23, name: "a log of changed stickers and viewers, kept by triggers (SQLite)",
        statements: [
            "CREATE TABLE spot_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, sticker_id TEXT, old_cell BIGINT, account_id TEXT)",
            "CREATE TRIGGER spot_changes_inserted AFTER INSERT ON stickers BEGIN INSERT INTO spot_changes (sticker_id) VALUES (NEW.id); END",
            """
            CREATE TRIGGER spot_changes_updated AFTER UPDATE ON stickers BEGIN
              INSERT INTO spot_changes (sticker_id, old_cell) VALUES (OLD.id, OLD.cell);
              INSERT INTO spot_changes (sticker_id, old_cell) SELECT NEW.id, OLD.cell WHERE NEW.id <> OLD.id;
            END
            """,
            "CREATE TRIGGER spot_changes_deleted AFTER DELETE ON stickers BEGIN INSERT INTO spot_changes (sticker_id, old_cell) VALUES (OLD.id, OLD.cell); END",
        ]
            + logged(["sticker_shares", "sticker_group_shares"], column: "sticker_id", as: "sticker_id")
            + logged(["worldmap_members", "group_members"], column: "account_id", as: "account_id")
            + logged(["blocks"], column: "blocker_id", as: "account_id")
            + logged(["blocks"], column: "blocked_id", as: "account_id", named: "_other")
            + [
                """
                CREATE TRIGGER spot_changes_birthday AFTER UPDATE OF birthday ON accounts BEGIN
                  INSERT INTO spot_changes (account_id) VALUES (NEW.id);
                END
                """,
                """
                CREATE TRIGGER spot_changes_pruned AFTER INSERT ON spot_changes WHEN NEW.seq % 1000 = 0 BEGIN
                  DELETE FROM spot_changes WHERE seq <= NEW.seq - 10000;
                END
                """,
            ],
        postgres: [])

    /// Triggers logging `column` of every row inserted into, deleted from or changed in each table, as the log's column `entry`.
    private static func logged(_ tables: [String], column: String, as entry: String, named suffix: String = "") -> [String] {
        tables.flatMap { table in
            [
                "CREATE TRIGGER \(table)_inserted\(suffix) AFTER INSERT ON \(table) BEGIN INSERT INTO spot_changes (\(entry)) VALUES (NEW.\(column)); END",
                """
                CREATE TRIGGER \(table)_updated\(suffix) AFTER UPDATE ON \(table) BEGIN
                  INSERT INTO spot_changes (\(entry)) VALUES (OLD.\(column));
                  INSERT INTO spot_changes (\(entry)) SELECT NEW.\(column) WHERE NEW.\(column) <> OLD.\(column);
                END
                """,
                "CREATE TRIGGER \(table)_deleted\(suffix) AFTER DELETE ON \(table) BEGIN INSERT INTO spot_changes (\(entry)) VALUES (OLD.\(column)); END",
            ]
        }
    }
}

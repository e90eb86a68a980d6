extension Migration {
    /// Version 25 (SQLite only): the log its triggers kept for the in-memory nearby index (version 23,
    /// `spot_changes`) goes; that index reads the one change log, `sticker_events`, which every write of
    /// a sticker, its shares or a viewer's relations appends to in its own transaction (issue 45).
    static let oneChangeLog = Migration(
        version: 25, name: "one change log: the triggers' log of changed stickers goes (SQLite)",
        statements: ["spot_changes_inserted", "spot_changes_updated", "spot_changes_deleted", "spot_changes_birthday"].map(dropTrigger)
            + ["sticker_shares", "sticker_group_shares", "worldmap_members", "group_members", "blocks"].flatMap { table in
                ["inserted", "updated", "deleted"].map { dropTrigger("\(table)_\($0)") }
            }
            + ["blocks_inserted_other", "blocks_updated_other", "blocks_deleted_other"].map(dropTrigger)
            + ["DROP TABLE IF EXISTS spot_changes"],
        postgres: [])

    private static func dropTrigger(_ name: String) -> String { "DROP TRIGGER IF EXISTS \(name)" }
}

extension Migration {
    /// Version 27: stickers for the author's followers only (`visibility = 'followers'`, StickARs'
    /// opt-in layers). PostgreSQL widens the CHECK in place; SQLite cannot, so its stickers table is
    /// made again in the same place order (version 13), with the indexes and the trigger of versions
    /// 22 and 24 and the scene anchors (version 21) kept aside meanwhile.
    static let followersAudience = Migration(
        version: 27, name: "stickers for followers only",
        statements: replacingStickersTable(
            create: """
                CREATE TABLE stickers_by_place (
                    place_key INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    \(stickerColumns(visibilities: visibilities)),
                    age_restricted INTEGER NOT NULL DEFAULT 0
                )
                """,
            copy: """
                INSERT INTO stickers_by_place
                SELECT place_key, id, author_id, state, visibility, worldmap_id, private_worldmap_id, template_id, cell, latitude,
                       longitude, expires_at, deleted_at, version, body, created_at, updated_at, strip, age_restricted
                FROM stickers ORDER BY place_key
                """,
            also: [("scene_anchors", "kept_scene_anchors")],
            indexes: [spotIndex] + placeOrderIndexes.dropFirst() + [retiredTrigger]),
        postgres: [
            "ALTER TABLE stickers DROP CONSTRAINT stickers_visibility_check",
            "ALTER TABLE stickers ADD CONSTRAINT stickers_visibility_check CHECK (visibility IN (\(visibilities)))",
        ])

    private static let visibilities = "'public', 'private', 'shared', 'followers'"
}

extension Migration {
    /// Version 22 (SQLite only): the spot index also holds `age_restricted`, so it covers every column
    /// the visibility rule reads. A nearby step (``NearbyVisibleSQLite``) then judges and measures
    /// index entries, ~160 to a page, and reads whole rows (~800 bytes with the body) only for the
    /// nearest few that make the page.
    static let spotIndexCoversRule = Migration(
        version: 22, name: "spot index covers the visibility rule (SQLite)",
        statements: ["DROP INDEX stickers_by_spot", spotIndex],
        postgres: [])

    /// The spot index as version 22 made it (made again by a step that makes the stickers table again).
    static let spotIndex = """
        CREATE INDEX stickers_by_spot ON stickers
          (cell, strip, latitude, longitude, state, visibility, author_id, id, private_worldmap_id, expires_at, version, age_restricted)
        WHERE state <> 'deleted'
        """
}

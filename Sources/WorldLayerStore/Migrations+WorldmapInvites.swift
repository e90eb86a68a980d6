extension Migration {
    /// Version 29: invite links to a private worldmap (a renter joins without an account search):
    /// only the hash of each link's secret is kept; a link is single-use (spent by whom `used_by`
    /// names) or lasts until it expires, and goes with its worldmap.
    static let worldmapInvites = Migration(
        version: 29, name: "worldmap invite links", statements: invites(time: "INTEGER"), postgres: invites(time: "BIGINT"))

    private static func invites(time: String) -> [String] {
        [
            """
            CREATE TABLE worldmap_invites (
                token_hash TEXT PRIMARY KEY,
                worldmap_id TEXT NOT NULL REFERENCES worldmaps(id) ON DELETE CASCADE,
                created_by TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                single_use INTEGER NOT NULL,
                used_by TEXT REFERENCES accounts(id) ON DELETE SET NULL,
                expires_at \(time) NOT NULL,
                created_at \(time) NOT NULL
            )
            """,
            "CREATE INDEX worldmap_invites_by_map ON worldmap_invites (worldmap_id)",
        ]
    }
}

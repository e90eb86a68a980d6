extension Migration {
    /// Version 21: stickers anchored to a flat scene. The anchor as JSON, the frame it was made from
    /// (a blob, for the reference-images endpoint), and its features for the scene index of its cell.
    static let sceneAnchors = Migration(
        version: 21, name: "scene anchors", statements: sceneAnchorTable(features: "BLOB"), postgres: sceneAnchorTable(features: "BYTEA"))

    private static func sceneAnchorTable(features: String) -> [String] {
        [
            """
            CREATE TABLE scene_anchors (
                id TEXT PRIMARY KEY,
                sticker_id TEXT NOT NULL UNIQUE REFERENCES stickers (id) ON DELETE CASCADE,
                cell BIGINT NOT NULL,
                body TEXT NOT NULL,
                blob_id TEXT NOT NULL REFERENCES blobs (id),
                features \(features) NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX scene_anchors_by_cell ON scene_anchors (cell, id)",
        ]
    }
}

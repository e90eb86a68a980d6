extension Migration {
    /// Version 12: buildings' outlines from the OSM import, found by their bounding boxes
    /// (the browser's map draws them when it has no tiles).
    static let buildings = Migration(
        version: 12, name: "building outlines",
        statements: [
            """
            CREATE TABLE buildings (
                id BIGINT PRIMARY KEY,
                body TEXT NOT NULL,
                south DOUBLE PRECISION NOT NULL, west DOUBLE PRECISION NOT NULL,
                north DOUBLE PRECISION NOT NULL, east DOUBLE PRECISION NOT NULL,
                import_id TEXT NOT NULL
            )
            """,
            // Covering: a box query reads the index alone until it has the ids it will return.
            "CREATE INDEX buildings_by_box ON buildings (south, north, west, east, id)",
        ])
}

extension Migration {
    /// Version 18: whether a sticker is age-restricted, as a column, so the visibility rule can run in
    /// SQL (``NearbyVisibleStatement``) and on rows without reading their bodies. No sticker had
    /// warnings before this version, so nothing needs filling in.
    static let contentWarnings = Migration(
        version: 18, name: "age-restricted stickers",
        statements: ["ALTER TABLE stickers ADD COLUMN age_restricted INTEGER NOT NULL DEFAULT 0"])
}

extension Migration {
    /// Version 19: sounds and videos uploaded for stickers, by uploader. The files live in the media
    /// library by their hash; this table says who may attach which (an upload is its uploader's)
    /// and is never the tours' public `media` table, so `/v1/media/{id}` does not serve them.
    static let stickerMedia = Migration(
        version: 19, name: "sticker media",
        statements: [
            """
            CREATE TABLE sticker_media (
                id TEXT NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                content_type TEXT NOT NULL,
                size BIGINT NOT NULL,
                duration DOUBLE PRECISION NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (id, account_id)
            )
            """
        ])
}

extension Migration {
    /// Version 20: a plan picture for each level of a place, replaced by uploading again. Its type is
    /// its own: blobs are shared by their bytes, and the same bytes may have come as another kind of file.
    static let floorPlans = Migration(
        version: 20, name: "floor plans",
        statements: [
            """
            CREATE TABLE floor_plans (
                place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
                level TEXT NOT NULL,
                blob_id TEXT NOT NULL REFERENCES blobs (id),
                content_type TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (place_id, level)
            )
            """
        ])
}

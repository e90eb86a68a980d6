extension Migration {
    /// Version 24: the ids of stickers that are gone for good (purged, or removed with their author's
    /// account), kept by a trigger, so that nobody can create a sticker at such an id: its old share
    /// links and shares would then show someone else's content. One short row per sticker ever removed.
    /// A migration that rebuilds the stickers table must make the trigger again.
    static let retiredStickerIDs = Migration(
        version: 24, name: "ids of removed stickers, never given out again",
        statements: ["CREATE TABLE retired_sticker_ids (id TEXT PRIMARY KEY)", retiredTrigger],
        postgres: [
            "CREATE TABLE retired_sticker_ids (id TEXT PRIMARY KEY)",
            """
            CREATE FUNCTION retire_sticker_id() RETURNS trigger AS $$
            BEGIN
              INSERT INTO retired_sticker_ids (id) VALUES (OLD.id) ON CONFLICT DO NOTHING;
              RETURN OLD;
            END
            $$ LANGUAGE plpgsql
            """,
            "CREATE TRIGGER stickers_retired AFTER DELETE ON stickers FOR EACH ROW EXECUTE FUNCTION retire_sticker_id()",
        ])

    /// SQLite's trigger that keeps the ids (made again by a step that makes the stickers table again).
    static let retiredTrigger = """
        CREATE TRIGGER stickers_retired AFTER DELETE ON stickers BEGIN
          INSERT OR IGNORE INTO retired_sticker_ids (id) VALUES (OLD.id);
        END
        """
}

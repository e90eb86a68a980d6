/// One step of the schema. Steps are append-only: a released step is never edited,
/// a change is a new step. Each is literal SQL, independent of the app's types.
struct Migration: Sendable {
    let version: Int
    let name: String
    /// Statements for both engines, unless an engine has its own below.
    let statements: [String]
    var postgres: [String]? = nil

    func statements(for engine: Store.Engine) -> [String] {
        engine == .postgres ? (postgres ?? statements) : statements
    }
}

extension Migration {
    /// Every migration, in order.
    static let all: [Migration] = [
        Migration(
            version: 1, name: "accounts and sessions",
            statements: [
                """
                CREATE TABLE accounts (
                    id TEXT PRIMARY KEY,
                    username TEXT NOT NULL,
                    username_key TEXT NOT NULL UNIQUE,
                    email TEXT NOT NULL,
                    email_key TEXT NOT NULL UNIQUE,
                    display_name TEXT NOT NULL,
                    birthday TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE sessions (
                    token_hash TEXT PRIMARY KEY,
                    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX sessions_by_account ON sessions (account_id)",
            ]),
        Migration(
            version: 2, name: "stickers, worldmaps, templates, blocks, zones, live events",
            statements: stickerWorld(blob: "BLOB", serial: "INTEGER PRIMARY KEY AUTOINCREMENT"),
            postgres: stickerWorld(blob: "BYTEA", serial: "BIGSERIAL PRIMARY KEY")),
        Migration(
            version: 3, name: "spatial index by cell, longitude strip, latitude",
            statements: longitudeStrips(fill: LongitudeStrip.sqlite),
            postgres: longitudeStrips(fill: LongitudeStrip.postgres)),
        Migration(version: 4, name: "walking network and places", statements: mapData),
        Migration(version: 5, name: "tours, media, stamps, guided groups", statements: tours),
        Migration(
            version: 6, name: "follows, followed tags, sticker tags, reports, moderation log",
            statements: community(tagFill: "SELECT DISTINCT s.id, j.value FROM stickers s, json_each(s.body, '$.tags') j"),
            postgres: community(tagFill: "SELECT DISTINCT s.id, t FROM stickers s, jsonb_array_elements_text(s.body::jsonb -> 'tags') t")),
        Migration(version: 7, name: "groups and sticker views", statements: groups),
        Migration(version: 8, name: "weekly digests", statements: digests),
        Migration(version: 9, name: "advertisers and ads", statements: ads),
        Migration(version: 10, name: "books and their targets' features", statements: books(blob: "BLOB"), postgres: books(blob: "BYTEA")),
        clusteredStickers,
        buildings,
        stickersByPlaceKey,
        oneOpenReport,
        sharesByViewer,
        privateGroups,
        feedback,
        contentWarnings,
        stickerMedia,
        floorPlans,
        sceneAnchors,
        spotIndexCoversRule,
        spotChanges,
        retiredStickerIDs,
        oneChangeLog,
        liveTopics,
        followersAudience,
        suspensions,
        worldmapInvites,
        notifications,
        accountEmails,
        digestClaims,
        failedAttempts,
        rateBuckets,
        questionLanguage,
        accountLanguage,
        liveSocketCounts,
        jobLeases,
    ]

    /// Version 10: books (the whole book as JSON, like tours) and each target's local features,
    /// computed once at import and read to build the recognizer's index.
    private static func books(blob: String) -> [String] {
        [
            "CREATE TABLE books (id TEXT PRIMARY KEY, slug TEXT NOT NULL UNIQUE, body TEXT NOT NULL, updated_at BIGINT NOT NULL)",
            """
            CREATE TABLE book_targets (
                book_id TEXT NOT NULL REFERENCES books (id) ON DELETE CASCADE,
                target_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                features \(blob) NOT NULL,
                PRIMARY KEY (book_id, target_id)
            )
            """,
        ]
    }

    /// Version 9: advertisers (accounts an admin made advertisers) and their ads, found by the
    /// bounding box of their area and their schedule.
    private static let ads = [
        """
        CREATE TABLE advertisers (
            account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            created_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE ads (
            id TEXT PRIMARY KEY,
            advertiser_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            status TEXT NOT NULL CHECK (status IN ('draft', 'pending', 'approved', 'rejected', 'pulled')),
            body TEXT NOT NULL,
            south DOUBLE PRECISION NOT NULL, west DOUBLE PRECISION NOT NULL,
            north DOUBLE PRECISION NOT NULL, east DOUBLE PRECISION NOT NULL,
            starts_at BIGINT NOT NULL,
            ends_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX ads_showing ON ads (status, south, north, ends_at)",
        "CREATE INDEX ads_by_advertiser ON ads (advertiser_id, updated_at)",
    ]

    /// Version 8: who wants the weekly digest and around where, and which weeks each was sent
    /// (one row per account and ISO week makes `digest run` idempotent).
    private static let digests = [
        "ALTER TABLE accounts ADD COLUMN digest_opt_in INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE accounts ADD COLUMN home_latitude DOUBLE PRECISION",
        "ALTER TABLE accounts ADD COLUMN home_longitude DOUBLE PRECISION",
        """
        CREATE TABLE digest_deliveries (
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            week TEXT NOT NULL,
            sent_at BIGINT NOT NULL,
            stickers INTEGER NOT NULL,
            PRIMARY KEY (account_id, week)
        )
        """,
    ]

    /// Version 7: groups people join and share stickers to (a group lives while it has a member), and
    /// daily view counts, which rank popular stickers for suggestions.
    private static let groups = [
        """
        CREATE TABLE sticker_views (
            sticker_id TEXT NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
            day BIGINT NOT NULL,
            views INTEGER NOT NULL,
            PRIMARY KEY (sticker_id, day)
        )
        """,
        "CREATE TABLE social_groups (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, created_at BIGINT NOT NULL)",
        "CREATE INDEX social_groups_by_name ON social_groups (name_key)",
        """
        CREATE TABLE group_members (
            group_id TEXT NOT NULL REFERENCES social_groups (id) ON DELETE CASCADE,
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            joined_at BIGINT NOT NULL,
            PRIMARY KEY (group_id, account_id)
        )
        """,
        "CREATE INDEX group_members_by_account ON group_members (account_id)",
        """
        CREATE TABLE sticker_group_shares (
            sticker_id TEXT NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
            group_id TEXT NOT NULL REFERENCES social_groups (id) ON DELETE CASCADE,
            PRIMARY KEY (sticker_id, group_id)
        )
        """,
        "CREATE INDEX sticker_group_shares_by_group ON sticker_group_shares (group_id, sticker_id)",
    ]

    /// Version 6: the social graph around stickers. Tags move out of the sticker body into `sticker_tags`
    /// too (filled from existing bodies), so "stickers under the tags I follow" is an index read.
    /// Reports outlive their reporter's account (anonymised), so moderation history stays whole.
    private static func community(tagFill: String) -> [String] {
        [
            "ALTER TABLE accounts ADD COLUMN private_account INTEGER NOT NULL DEFAULT 0",
            """
            CREATE TABLE follows (
                follower_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                followee_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (follower_id, followee_id)
            )
            """,
            "CREATE INDEX follows_by_followee ON follows (followee_id, created_at)",
            """
            CREATE TABLE tag_follows (
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (account_id, tag)
            )
            """,
            "CREATE INDEX tag_follows_by_tag ON tag_follows (tag)",
            """
            CREATE TABLE sticker_tags (
                sticker_id TEXT NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (sticker_id, tag)
            )
            """,
            "CREATE INDEX sticker_tags_by_tag ON sticker_tags (tag, sticker_id)",
            "INSERT INTO sticker_tags (sticker_id, tag) \(tagFill)",
            "CREATE INDEX stickers_by_time ON stickers (created_at, id) WHERE state = 'published'",
            """
            CREATE TABLE reports (
                id TEXT PRIMARY KEY,
                sticker_id TEXT NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
                reporter_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
                reason TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('open', 'hidden', 'dismissed')),
                decided_by TEXT REFERENCES accounts (id) ON DELETE SET NULL,
                decided_at BIGINT,
                note TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX reports_open ON reports (status, created_at)",
            "CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at)",
            """
            CREATE TABLE moderation_actions (
                id TEXT PRIMARY KEY,
                moderator_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
                moderator_name TEXT NOT NULL,
                action TEXT NOT NULL,
                target_kind TEXT NOT NULL,
                target_id TEXT NOT NULL,
                note TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX moderation_actions_by_time ON moderation_actions (created_at)",
        ]
    }

    /// Version 5: tours (the whole tour as one JSON body; stops are always read with their tour), the media
    /// files they use (bytes on disk, see `MediaLibrary`), visitors' progress, and guides' groups.
    /// A visitor is an account or a guided-tour participant, so progress is keyed by `visitor_id` alone.
    private static let tours = [
        "CREATE TABLE media (id TEXT PRIMARY KEY, content_type TEXT NOT NULL, size BIGINT NOT NULL, created_at BIGINT NOT NULL)",
        """
        CREATE TABLE tours (
            id TEXT PRIMARY KEY,
            slug TEXT NOT NULL UNIQUE,
            mode TEXT NOT NULL CHECK (mode IN ('open', 'guided')),
            body TEXT NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE tour_media (
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            media_id TEXT NOT NULL REFERENCES media (id),
            PRIMARY KEY (tour_id, media_id)
        )
        """,
        """
        CREATE TABLE tour_guides (
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            PRIMARY KEY (tour_id, account_id)
        )
        """,
        """
        CREATE TABLE tour_presence (
            visitor_id TEXT NOT NULL,
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            body TEXT NOT NULL,
            PRIMARY KEY (visitor_id, tour_id)
        )
        """,
        """
        CREATE TABLE tour_stamps (
            visitor_id TEXT NOT NULL,
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            stop_id TEXT NOT NULL,
            stamped_at BIGINT NOT NULL,
            PRIMARY KEY (visitor_id, tour_id, stop_id)
        )
        """,
        """
        CREATE TABLE tour_completions (
            visitor_id TEXT NOT NULL,
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            completed_at BIGINT NOT NULL,
            PRIMARY KEY (visitor_id, tour_id)
        )
        """,
        """
        CREATE TABLE tour_groups (
            id TEXT PRIMARY KEY,
            tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
            guide_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            expires_at BIGINT NOT NULL,
            exported_at BIGINT,
            created_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX tour_groups_by_tour ON tour_groups (tour_id)",
        // Only hashes: a key is shown once, to the guide who made it.
        """
        CREATE TABLE tour_passkeys (
            key_hash TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES tour_groups (id) ON DELETE CASCADE,
            redeemed_at BIGINT,
            participant_id TEXT
        )
        """,
        "CREATE INDEX tour_passkeys_by_group ON tour_passkeys (group_id)",
        """
        CREATE TABLE tour_participants (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES tour_groups (id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            display_name TEXT,
            created_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE tour_questions (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES tour_groups (id) ON DELETE CASCADE,
            participant_id TEXT NOT NULL REFERENCES tour_participants (id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            email TEXT,
            answer TEXT,
            answered_at BIGINT,
            created_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX tour_questions_by_group ON tour_questions (group_id, created_at)",
    ]

    /// Version 4: what `worldlayer import osm` brings in, and admins' places and photos.
    /// `import_id` marks the import that last wrote a row, so a re-import can remove what has gone
    /// from the file's area; `map_versions` tells every server when to rebuild its router and search index.
    private static let mapData = [
        """
        CREATE TABLE walkways (
            id BIGINT PRIMARY KEY,
            body TEXT NOT NULL,
            south DOUBLE PRECISION NOT NULL, west DOUBLE PRECISION NOT NULL,
            north DOUBLE PRECISION NOT NULL, east DOUBLE PRECISION NOT NULL,
            import_id TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE places (
            id TEXT PRIMARY KEY,
            source TEXT NOT NULL UNIQUE,
            body TEXT NOT NULL,
            edit TEXT,
            position_edited INTEGER NOT NULL DEFAULT 0,
            latitude DOUBLE PRECISION NOT NULL,
            longitude DOUBLE PRECISION NOT NULL,
            cell BIGINT NOT NULL,
            import_id TEXT,
            updated_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX places_by_cell ON places (cell)",
        """
        CREATE TABLE place_photos (
            id TEXT PRIMARY KEY,
            place_id TEXT NOT NULL REFERENCES places (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('interior', 'exterior')),
            blob_id TEXT NOT NULL REFERENCES blobs (id),
            created_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX place_photos_by_place ON place_photos (place_id, created_at)",
        "CREATE TABLE map_versions (name TEXT PRIMARY KEY, version BIGINT NOT NULL)",
        "INSERT INTO map_versions (name, version) VALUES ('network', 0), ('places', 0)",
    ]

    /// Version 3: a small circle scans only the strips of its cells it touches (see `LongitudeStrip`).
    private static func longitudeStrips(fill: String) -> [String] {
        [
            "ALTER TABLE stickers ADD COLUMN strip BIGINT NOT NULL DEFAULT 0",
            "UPDATE stickers SET strip = \(fill)",
            "DROP INDEX stickers_by_cell",
            """
            CREATE INDEX stickers_by_spot ON stickers (cell, strip, latitude, longitude, state, visibility, author_id, id, private_worldmap_id, expires_at, version)
            WHERE state <> 'deleted'
            """,
        ]
    }

    /// Version 2. Booleans are 0/1 integers and JSON lists are text, alike on both engines.
    private static func stickerWorld(blob: String, serial: String) -> [String] {
        [
            // Content-addressed bytes (id = SHA-256 hex): template assets, worldmap snapshots and device maps.
            """
            CREATE TABLE blobs (
                id TEXT PRIMARY KEY,
                content_type TEXT NOT NULL,
                size BIGINT NOT NULL,
                data \(blob) NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE blocks (
                blocker_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                blocked_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (blocker_id, blocked_id)
            )
            """,
            "CREATE INDEX blocks_by_blocked ON blocks (blocked_id)",
            """
            CREATE TABLE templates (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('image', 'model', 'text')),
                takes_text INTEGER NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
                author_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
                asset_blob TEXT REFERENCES blobs (id),
                preview_blob TEXT NOT NULL REFERENCES blobs (id),
                reject_reason TEXT,
                reviewed_by TEXT,
                reviewed_at BIGINT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX templates_by_status ON templates (status)",
            """
            CREATE TABLE worldmaps (
                id TEXT PRIMARY KEY,
                is_private INTEGER NOT NULL,
                cell BIGINT NOT NULL,
                name TEXT NOT NULL,
                owner_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX public_worldmap_of_cell ON worldmaps (cell) WHERE is_private = 0",
            """
            CREATE TABLE worldmap_members (
                worldmap_id TEXT NOT NULL REFERENCES worldmaps (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                added_at BIGINT NOT NULL,
                PRIMARY KEY (worldmap_id, account_id)
            )
            """,
            "CREATE INDEX worldmap_members_by_account ON worldmap_members (account_id)",
            """
            CREATE TABLE worldmap_assets (
                worldmap_id TEXT NOT NULL REFERENCES worldmaps (id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('snapshot', 'device-map')),
                version INTEGER NOT NULL,
                blob_id TEXT NOT NULL REFERENCES blobs (id),
                uploaded_by TEXT,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (worldmap_id, kind, version)
            )
            """,
            """
            CREATE TABLE stickers (
                id TEXT PRIMARY KEY,
                author_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                state TEXT NOT NULL CHECK (state IN ('unpublished', 'published', 'deleted')),
                visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private', 'shared')),
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
                updated_at BIGINT NOT NULL
            )
            """,
            // What every spatial read scans: living stickers by cell, then latitude (a band inside the cell),
            // carrying every column the visibility rule and the distance need, so the table itself is not read.
            """
            CREATE INDEX stickers_by_cell ON stickers (cell, latitude, longitude, state, visibility, author_id, id, private_worldmap_id, expires_at, version)
            WHERE state <> 'deleted'
            """,
            "CREATE INDEX stickers_by_author ON stickers (author_id, updated_at)",
            "CREATE INDEX stickers_archived ON stickers (deleted_at) WHERE state = 'deleted'",
            "CREATE INDEX stickers_expiring ON stickers (expires_at) WHERE expires_at IS NOT NULL AND state <> 'deleted'",
            """
            CREATE TABLE sticker_shares (
                sticker_id TEXT NOT NULL REFERENCES stickers (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                PRIMARY KEY (sticker_id, account_id)
            )
            """,
            "CREATE INDEX sticker_shares_by_account ON sticker_shares (account_id)",
            // The change log: live fan-out, resume after a disconnect, and "changes since".
            // Each row carries what the visibility rule needs before and after the change.
            """
            CREATE TABLE sticker_events (
                seq \(serial),
                kind TEXT NOT NULL CHECK (kind IN ('sticker', 'relation')),
                sticker_id TEXT,
                account_id TEXT,
                cell BIGINT NOT NULL,
                previous_cell BIGINT,
                before_audience TEXT,
                after_audience TEXT,
                body TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX sticker_events_by_cell ON sticker_events (cell, seq)",
            "CREATE INDEX sticker_events_by_time ON sticker_events (created_at)",
            """
            CREATE TABLE restricted_zones (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                source TEXT,
                south DOUBLE PRECISION NOT NULL,
                west DOUBLE PRECISION NOT NULL,
                north DOUBLE PRECISION NOT NULL,
                east DOUBLE PRECISION NOT NULL,
                polygon TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX restricted_zones_by_source ON restricted_zones (source)",
            "CREATE INDEX restricted_zones_by_box ON restricted_zones (south, north)",
        ]
    }
}

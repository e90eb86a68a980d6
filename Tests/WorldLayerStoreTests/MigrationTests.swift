import Foundation
import Logging
import SQLKit
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Migrations")
struct MigrationTests {
    @Test("a new database is migrated to the newest version, and migrating again changes nothing", arguments: ScratchDatabase.engines)
    func migrateTwice(engine: Store.Engine) async throws {
        let store = try Store.open(try await ScratchDatabase.makeURL(engine), logger: ScratchDatabase.quietLogger)
        #expect(try await store.currentSchemaVersion() == 0)
        let first = try await store.migrate()
        #expect(first == Array(1...Store.schemaVersion))
        #expect(try await store.migrate().isEmpty)
        #expect(try await store.currentSchemaVersion() == Store.schemaVersion)
        try await store.close()
    }

    @Test(
        "upgrading a database that has data logs each step as it starts and ends; a new one is built quietly",
        arguments: ScratchDatabase.engines)
    func upgradeIsLogged(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let fresh = RecordingLogHandler.logger()
        let first = try Store.open(url, logger: fresh.logger)
        try await first.migrate(through: Store.schemaVersion - 1)
        try await first.close()
        #expect(fresh.records.messages(atLeast: .info).isEmpty)

        let upgrade = RecordingLogHandler.logger()
        let second = try Store.open(url, logger: upgrade.logger)
        try await second.migrate()
        try await second.close()
        let lines = upgrade.records.messages(atLeast: .info)
        #expect(
            lines.count == 2 && lines[0].hasPrefix("schema migration \(Store.schemaVersion) (") && lines[0].hasSuffix("applying…"),
            "\(lines)")
        #expect(lines.last?.contains("done in") == true, "\(lines)")
    }

    @Test("servers starting together apply each migration exactly once", arguments: ScratchDatabase.engines)
    func concurrentMigrate(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let stores = try (0..<4).map { _ in try Store.open(url, logger: ScratchDatabase.quietLogger) }
        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for s in stores { group.addTask { try await s.migrate() } }
            return try await group.reduce(into: [Int]()) { $0 += $1 }
        }
        #expect(applied.sorted() == Array(1...Store.schemaVersion))
        for s in stores { try await s.close() }
    }

    @Test("SQLite runs in WAL mode, and a new database has 16 KiB pages")
    func walMode() async throws {
        let store = try await ScratchDatabase.make(.sqlite)
        let (mode, pageSize) = try await store.withConnection { db in
            (
                try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self),
                try await db.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int.self)
            )
        }
        #expect(mode == "wal")
        #expect(pageSize == 16384)
        try await store.close()
    }

    @Test("database URLs are parsed, and bad ones are refused with a reason")
    func urls() throws {
        #expect(try DatabaseURL(parsing: "sqlite:./data/x.sqlite") == .sqlite(path: "./data/x.sqlite"))
        #expect(try DatabaseURL(parsing: "postgres://u@h:5432/d") == .postgres(url: "postgres://u@h:5432/d"))
        for bad in ["", "mysql://x", "sqlite:", "postgres://nohostoruser"] {
            #expect(throws: StoreError.self) { try DatabaseURL(parsing: bad) }
        }
        #expect(try DatabaseURL(parsing: "postgres://u:secret@h/d").description == "postgres://u:***@h/d")
    }
}

@Suite("Migrations 11 and 13: stickers stored in place order")
struct ClusteredStickersMigrationTests {
    /// Places for the rows: Helsinki, a slot's edge, both poles' bands, the antimeridian, and a pair in one slot.
    static let places: [(latitude: Double, longitude: Double)] = edgeCases + spread
    private static let slotEdge: Double = -90 + 0.0009 * 166_855 + 0.0009 / 256 * 7
    private static let edgeCases: [(latitude: Double, longitude: Double)] = [
        (60.1699, 24.93845), (60.16990001, 24.938451), (-90, -180), (90, 180), (-89.99999, 179.99999), (slotEdge, 24.9), (0, 0),
        (-33.8568, 151.2153),
    ]
    private static let spread: [(latitude: Double, longitude: Double)] = (0..<200).map {
        (n: Int) -> (latitude: Double, longitude: Double) in
        let latitude = Double(n * 7919 % 179_999) / 1000 - 89.9995
        let longitude = Double(n * 104_729 % 359_999) / 1000 - 179.9995
        return (latitude, longitude)
    }

    @Test("stickers keep every row, share and tag, deleting one still cascades, and keys agree with the search's")
    func keepsRowsAndReferences() async throws {
        let store = try Store.open(try await ScratchDatabase.makeURL(.sqlite), logger: ScratchDatabase.quietLogger)
        try await store.migrate(through: 10)
        let ids = Self.places.map { _ in UUID().text }
        try await store.withConnection { db in
            for sql: SQLQueryString in [
                "INSERT INTO accounts (id, username, username_key, email, email_key, display_name, birthday, password_hash, created_at, updated_at) VALUES ('a', 'ann', 'ann', 'a@x', 'a@x', 'Ann', '1990-01-01', '!', 0, 0), ('b', 'bob', 'bob', 'b@x', 'b@x', 'Bob', '1990-01-01', '!', 0, 0)",
                "INSERT INTO blobs (id, content_type, size, data, created_at) VALUES ('p', 'image/png', 1, x'00', 0)",
                "INSERT INTO templates (id, name, kind, takes_text, status, preview_blob, created_at) VALUES ('t', 'T', 'text', 1, 'approved', 'p', 0)",
                "INSERT INTO worldmaps (id, is_private, cell, name, created_at) VALUES ('w', 0, 7, 'Public', 0)",
            ] { try await db.raw(sql).run() }
            for (n, (id, place)) in zip(ids, Self.places).enumerated() {
                let cell = CellGrid.cell(containing: Coordinate(latitude: place.latitude, longitude: place.longitude))
                try await db.raw(
                    """
                    INSERT INTO stickers (id, author_id, state, visibility, worldmap_id, template_id, cell, strip, latitude, longitude, version, body, created_at, updated_at)
                    VALUES (\(bind: id), 'a', 'published', 'shared', 'w', 't', \(bind: Int64(bitPattern: cell.rawValue)),
                            \(bind: LongitudeStrip.of(longitude: place.longitude)), \(bind: place.latitude), \(bind: place.longitude), 1, '{}', 0, 0)
                    """
                ).run()
                guard n < 3 else { continue }
                try await db.raw("INSERT INTO sticker_shares (sticker_id, account_id) VALUES (\(bind: id), 'b')").run()
                try await db.raw("INSERT INTO sticker_tags (sticker_id, tag) VALUES (\(bind: id), 'old')").run()
                try await db.raw(
                    "INSERT INTO reports (id, sticker_id, reporter_id, reason, status, created_at) VALUES (\(bind: "r\(n)"), \(bind: id), 'b', 'spam', 'open', 0)"
                ).run()
            }
        }
        try await store.migrate(through: 11)
        try await store.withConnection { db in
            let schema = try await db.raw("SELECT sql FROM sqlite_master WHERE name = 'stickers'").first()!.decode(
                column: "sql", as: String.self)
            #expect(schema.contains("PRIMARY KEY (cell, strip, latitude, id)") && schema.hasSuffix("WITHOUT ROWID"))
        }
        #expect(try await store.migrate() == Array(12...Store.schemaVersion))
        try await store.withConnection { db in
            func count(_ sql: SQLQueryString) async throws -> Int { try await db.raw(sql).first()!.decode(column: "n", as: Int.self) }
            #expect(try await count("SELECT COUNT(*) AS n FROM stickers") == Self.places.count)
            #expect(try await count("SELECT COUNT(*) AS n FROM sticker_shares") == 3)
            #expect(try await count("SELECT COUNT(*) AS n FROM sticker_tags") == 3)
            #expect(try await count("SELECT COUNT(*) AS n FROM reports") == 3)
            // Keyed by place: each key lies in the slot the search computes for the row (SQL and Swift agree),
            // and the two stickers that share a slot are numbered by latitude.
            let rows = try await db.raw("SELECT place_key, id, cell, strip, latitude FROM stickers").all()
            var keys: [String: Int64] = [:]
            for row in rows {
                let key = try row.decode(column: "place_key", as: Int64.self)
                let cell = CellID(rawValue: UInt64(try row.decode(column: "cell", as: Int64.self)))!
                let latitude = try row.decode(column: "latitude", as: Double.self)
                #expect(
                    StickerPlaceKey.slot(row: cell.row, strip: try row.decode(column: "strip", as: Int64.self), latitude: latitude)
                        .contains(key), "\(latitude)")
                keys[try row.decode(column: "id", as: String.self)] = key
            }
            #expect(keys[ids[1]] == keys[ids[0]]! + 1)
            #expect(try await db.raw("PRAGMA foreign_key_check").all().isEmpty)
            try await db.raw("DELETE FROM stickers WHERE id = \(bind: ids[0])").run()
            #expect(try await count("SELECT COUNT(*) AS n FROM sticker_shares") == 2)
            #expect(try await count("SELECT COUNT(*) AS n FROM sticker_tags") == 2)
            #expect(try await count("SELECT COUNT(*) AS n FROM reports") == 2)
        }
        try await store.close()
    }
}

/// Keeps what a logger was told, for tests of what the server says.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    final class Records: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(Logger.Level, String)] = []
        func append(_ level: Logger.Level, _ message: String) { lock.withLock { entries.append((level, message)) } }
        func messages(atLeast level: Logger.Level) -> [String] { lock.withLock { entries.filter { $0.0 >= level }.map(\.1) } }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(records: Records) { self.records = records }

    static func logger() -> (logger: Logger, records: Records) {
        let records = Records()
        return (Logger(label: "test") { _ in RecordingLogHandler(records: records) }, records)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { records.append(event.level, "\(event.message)") }
}

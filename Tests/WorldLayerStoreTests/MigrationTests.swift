import Foundation
import SQLKit
import Testing
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

    @Test("SQLite runs in WAL mode")
    func walMode() async throws {
        let store = try await ScratchDatabase.make(.sqlite)
        let mode = try await store.withConnection { db in
            try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
        }
        #expect(mode == "wal")
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

import Foundation
import SQLKit
import SQLiteNIO
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerTestSupport

@testable import WorldLayerStore

@Suite("Compacting an SQLite store")
struct SQLiteCompactionTests {
    /// A store made as earlier versions made them: 4 KiB pages, WAL, migrated, with a zone in it.
    static func oldStore() async throws -> (path: String, zone: RestrictedZone) {
        guard case .sqlite(let path) = try await ScratchDatabase.makeURL(.sqlite) else { throw StoreError.invalidURL("not SQLite") }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let conn = try await SQLiteConnection.open(storage: .file(path: path))
        for pragma in ["PRAGMA page_size = 4096", "PRAGMA journal_mode = WAL"] { let _: [SQLiteRow] = try await conn.query(pragma, []) }
        try await conn.close()
        let store = try Store.open(.sqlite(path: path), logger: ScratchDatabase.quietLogger)
        _ = try await store.migrate()
        let zone = RestrictedZone(
            name: "Hietaniemi", kind: "cemetery",
            polygon: GeoPolygon([(60.17, 24.91), (60.17, 24.92), (60.18, 24.92)].map { Coordinate(latitude: $0.0, longitude: $0.1) }))
        _ = try await store.zones.putZone(zone)
        try await store.close()
        return (path, zone)
    }

    static func pragmas(_ path: String) async throws -> (pageSize: Int, mode: String, zones: [RestrictedZone]) {
        let store = try Store.open(.sqlite(path: path), logger: ScratchDatabase.quietLogger)
        let (size, mode) = try await store.withConnection { db in
            (
                try await db.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int.self) ?? 0,
                try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self) ?? ""
            )
        }
        let zones = try await store.zones.list()
        try await store.close()
        return (size, mode, zones)
    }

    @Test("an old 4 KiB store is rewritten with 16 KiB pages, stays in WAL mode and keeps its rows")
    func compacts() async throws {
        let (path, zone) = try await Self.oldStore()
        #expect(try await SQLiteCompaction.inspect(path: path).pageSize == 4096)
        let report = try await SQLiteCompaction.run(path: path)
        #expect(report.pageSizeBefore == 4096 && report.pageSizeAfter == 16384)
        let after = try await Self.pragmas(path)
        #expect(after.pageSize == 16384 && after.mode == "wal")
        #expect(after.zones.map(\.id) == [zone.id])
    }

    @Test("refused while another connection has the file open, and then nothing changes")
    func refusedWhileOpen() async throws {
        let (path, _) = try await Self.oldStore()
        let server = try Store.open(.sqlite(path: path), logger: ScratchDatabase.quietLogger)
        _ = try await server.zones.list()  // the store now holds an open connection, as a running server does
        await #expect {
            try await SQLiteCompaction.run(path: path)
        } throws: { error in
            (error as? StoreError)?.description.contains("open in another process") == true
        }
        try await server.close()
        let after = try await Self.pragmas(path)
        #expect(after.pageSize == 4096 && after.mode == "wal" && after.zones.count == 1)
    }

    @Test("a missing file or one that is not SQLite is a clear error, and no file is made")
    func badFiles() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("wl-missing-\(UUID().uuidString).sqlite").path
        await #expect(throws: StoreError.notFound("no database at \(missing)")) { try await SQLiteCompaction.run(path: missing) }
        #expect(!FileManager.default.fileExists(atPath: missing))
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("wl-text-\(UUID().uuidString).sqlite").path
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: text))
        await #expect(throws: StoreError.invalidURL("\(text) is not an SQLite database")) { try await SQLiteCompaction.run(path: text) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)) == Data("not a database\n".utf8))
    }
}

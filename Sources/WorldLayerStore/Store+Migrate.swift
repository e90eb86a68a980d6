import Foundation
import Logging
import SQLKit
import SQLiteNIO

extension Store {
    /// The newest schema version this build knows.
    public static var schemaVersion: Int { Migration.all.last?.version ?? 0 }

    /// Applies every migration not yet applied (up to `last`, which tests of one step use), all in
    /// one transaction, and returns the versions applied. Safe when several servers start at once:
    /// on PostgreSQL they queue on an advisory lock; on SQLite on the write lock.
    @discardableResult
    public func migrate(through last: Int = Store.schemaVersion) async throws -> [Int] {
        switch engine {
        case .sqlite:
            // Servers opening one new file at once can still be told "busy" at once while another switches
            // it to WAL (see `SQLiteSource`); the step is all or nothing and idempotent, so it is tried again.
            var attempt = 1
            while true {
                do {
                    return try await transaction { db in
                        try await Store.applyPending(db, engine: .sqlite, through: last, logger: self.logger)
                    }
                } catch let error as SQLiteError where error.reason == .busy && attempt < 50 {
                    attempt += 1
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        case .postgres:
            return try await withConnection { db in
                try await db.raw("SELECT pg_advisory_lock(7301)").run()
                do {
                    try await db.raw("BEGIN").run()
                    let applied = try await Store.applyPending(db, engine: .postgres, through: last, logger: self.logger)
                    try await db.raw("COMMIT").run()
                    try await db.raw("SELECT pg_advisory_unlock(7301)").run()
                    return applied
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    try? await db.raw("SELECT pg_advisory_unlock(7301)").run()
                    throw error
                }
            }
        }
    }

    /// The schema version the database is at.
    public func currentSchemaVersion() async throws -> Int {
        try await withConnection { db in
            try await Store.ensureMigrationTable(db)
            let row = try await db.raw("SELECT MAX(version) AS v FROM schema_migrations").first()
            return try row?.decodeNil(column: "v") == false ? try row?.decode(column: "v", as: Int.self) ?? 0 : 0
        }
    }

    private static func ensureMigrationTable(_ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at BIGINT NOT NULL
            )
            """
        ).run()
    }

    /// Upgrading a database that has data says what it is doing, step by step: some steps rewrite a
    /// table (migration 13 took ~2.3 min per million stickers) and the server answers nothing meanwhile.
    /// A new database is built quietly.
    private static func applyPending(_ db: any SQLDatabase, engine: Engine, through last: Int, logger: Logger) async throws -> [Int] {
        try await ensureMigrationTable(db)
        let done = Set(
            try await db.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) })
        if let newest = done.max(), newest > schemaVersion {
            throw StoreError.unavailable(
                "the database is at schema version \(newest), newer than this build (\(schemaVersion)); upgrade WorldLayer")
        }
        var applied: [Int] = []
        let level: Logger.Level = done.isEmpty ? .debug : .info
        for m in Migration.all where !done.contains(m.version) && m.version <= last {
            logger.log(level: level, "schema migration \(m.version) (\(m.name)): applying…")
            let start = ContinuousClock.now
            for statement in m.statements(for: engine) {
                try await db.raw(SQLQueryString(statement)).run()
            }
            logger.log(level: level, "schema migration \(m.version) (\(m.name)): done in \(ContinuousClock.now - start)")
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            try await db.raw(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: m.version), \(bind: m.name), \(bind: now))"
            ).run()
            applied.append(m.version)
        }
        return applied
    }
}

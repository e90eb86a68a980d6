import Foundation
import SQLiteNIO

/// Rewrites an SQLite store in place (`VACUUM`): the free pages deleted rows left go back to
/// the file system, rows lie in key order again, and the file takes the page size a new
/// database gets (``SQLiteSource/pageSize``); a store made before that keeps its small pages
/// until it is compacted.
///
/// The file must not be open anywhere else: `VACUUM` cannot change the page size of a database
/// in WAL mode, and leaving WAL mode needs the only connection. SQLite itself refuses when another
/// process (a running server) has the file open, so compacting never races a writer. The rewrite
/// is SQLite's own, through its rollback journal: an interrupted compaction leaves the store as it was.
public enum SQLiteCompaction {
    public struct Report: Sendable, Equatable {
        public var bytesBefore: Int64
        public var bytesAfter: Int64
        public var pageSizeBefore: Int
        public var pageSizeAfter: Int
    }

    /// The file's size and page size, read without changing anything.
    public static func inspect(path: String) async throws -> (bytes: Int64, pageSize: Int) {
        try await withConnection(path) { conn in (bytes(of: path), try await integer("PRAGMA page_size", on: conn)) }
    }

    public static func run(path: String) async throws -> Report {
        try await withConnection(path) { conn in
            let before = (bytes: bytes(of: path), pageSize: try await integer("PRAGMA page_size", on: conn))
            let mode: String?
            do {
                mode = try await run("PRAGMA journal_mode = DELETE", on: conn).first?.column("journal_mode")?.string
            } catch  where "\(error)".contains("locked") {
                mode = nil
            } catch {
                throw StoreError.unavailable("could not compact \(path): \(error)")
            }
            guard mode == "delete" else {
                throw StoreError.unavailable("\(path) is open in another process; stop `worldlayer serve` (and any other user of it) first")
            }
            do {
                try await run("PRAGMA page_size = \(SQLiteSource.pageSize)", on: conn)
                try await run("VACUUM", on: conn)
            } catch {
                _ = try? await run("PRAGMA journal_mode = WAL", on: conn)
                let full = "\(error)".localizedCaseInsensitiveContains("full")
                throw StoreError.unavailable(
                    full
                        ? "not enough disk space to compact \(path): it needs about twice the database's size free (the store is unchanged)"
                        : "could not compact \(path): \(error) (the store is unchanged)")
            }
            try await run("PRAGMA journal_mode = WAL", on: conn)
            return Report(
                bytesBefore: before.bytes, bytesAfter: bytes(of: path), pageSizeBefore: before.pageSize,
                pageSizeAfter: try await integer("PRAGMA page_size", on: conn))
        }
    }

    /// One connection of its own, outside any pool, so that nothing else of this process holds the file.
    private static func withConnection<R>(_ path: String, _ body: (SQLiteConnection) async throws -> R) async throws -> R {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.notFound("no database at \(path)") }
        let conn = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            // Reading the header proves it is an SQLite file at all.
            guard (try? await integer("PRAGMA schema_version", on: conn)) != nil else {
                throw StoreError.invalidURL("\(path) is not an SQLite database")
            }
            let result = try await body(conn)
            try await conn.close()
            return result
        } catch {
            try? await conn.close()
            throw error
        }
    }

    private static func integer(_ pragma: String, on conn: SQLiteConnection) async throws -> Int {
        guard let value = try await run(pragma, on: conn).first?.columns.first?.data.integer else {
            throw StoreError.unavailable("\(pragma) returned nothing")
        }
        return Int(value)
    }

    /// Runs one statement to its end. (Typed: with its result unused, `conn.query(_:)` would resolve to
    /// the overload that returns a future, and the statement would still be running when the next began.)
    @discardableResult
    private static func run(_ sql: String, on conn: SQLiteConnection) async throws -> [SQLiteRow] {
        try await conn.query(sql, [])
    }

    /// The database file and its write-ahead log, which holds pages not yet copied into the file.
    private static func bytes(of path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { sum, file in
            sum + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64) ?? 0)
        }
    }
}

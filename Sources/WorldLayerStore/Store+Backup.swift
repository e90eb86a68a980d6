import Foundation
import SQLKit
import SQLiteNIO

extension Store {
    /// Writes a copy of this SQLite database to `path` (a new file) as it is at one moment, while
    /// others go on writing: `VACUUM INTO` reads in one transaction. PostgreSQL is copied with `pg_dump`.
    public func copySQLite(to path: String) async throws {
        precondition(engine == .sqlite, "copySQLite is for SQLite; PostgreSQL is copied with pg_dump")
        try await withConnection { db in try await db.raw("VACUUM INTO \(bind: path)").run() }
    }

    /// Whether the database holds no table yet (a restore goes only into an empty one).
    public func isEmpty() async throws -> Bool {
        try await withConnection { db in
            let query: SQLQueryString =
                self.engine == .postgres
                ? "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'"
                : "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'"
            return try await db.raw(query).first()?.decode(column: "n", as: Int.self) == 0
        }
    }
}

extension Store {
    /// Every table's row count and a digest of its rows in any order: two databases of one engine
    /// with equal fingerprints hold the same rows. `restore` checks a restored world against the
    /// fingerprints its backup recorded; the same engine's only (PostgreSQL's are md5 of each row's
    /// text form, SQLite's FNV-1a of each value's).
    public func tableFingerprints() async throws -> [String: String] {
        try await withConnection(native: { db, native in
            var prints: [String: String] = [:]
            switch native {
            case .postgres:
                let tables = try await db.raw(
                    "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
                ).all().map { try $0.decode(column: "t", as: String.self) }
                for table in tables {
                    let row = try await db.raw(
                        "SELECT count(*) AS n, md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS h FROM \(unsafeRaw: Self.quoted(table)) t"
                    ).first()
                    prints[table] =
                        "\(try row?.decode(column: "n", as: Int.self) ?? 0):\(try row?.decode(column: "h", as: String.self) ?? "")"
                }
            case .sqlite(let connection):
                let tables = try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    .compactMap { $0.column("name")?.string }
                for table in tables {
                    let rows = try await connection.query("SELECT * FROM \(Self.quoted(table))")
                    // Each row's digest, then the rows' sorted and combined: the order they come in does not count.
                    let digests = rows.map { row in
                        Self.fnv1a(row.columns.map { "\($0.name)=\(Self.text(of: $0.data))" }.joined(separator: "\u{1F}"))
                    }
                    .sorted()
                    prints[table] = "\(rows.count):\(String(Self.fnv1a(digests.map(String.init).joined(separator: ",")), radix: 16))"
                }
            }
            return prints
        })
    }

    /// A value as text, a blob's bytes included (SQLiteData's description gives only their count).
    private static func text(of value: SQLiteData) -> String {
        if case .blob(let bytes) = value { return "blob:\(bytes.readableBytes):\(fnv1a(bytes.readableBytesView))" }
        return value.description
    }

    /// A table's name as an SQL identifier (names come from the catalogue, quoted all the same).
    private static func quoted(_ table: String) -> String { "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    private static func fnv1a(_ text: String) -> UInt64 { fnv1a(text.utf8) }

    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

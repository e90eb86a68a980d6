import Foundation
import SQLKit

/// Live sockets open per key (an address, an account) on every server of a site, each server's in
/// a row of its own that it refreshes while it runs; a row not refreshed for `staleAfter` is a dead
/// server's and no longer counts.
public struct LiveSocketCountStore: StoreAggregate {
    let store: Store
    public static let staleAfter: TimeInterval = 120

    /// Counts one more socket of `key` on `server`, unless the site holds `limit` already; the check
    /// and the count are one transaction, ordered per key by a transaction-scoped advisory lock.
    public func open(_ key: String, server: String, limit: Int, now: Date) async throws -> Bool {
        let at = millis(now), fresh = millis(now.addingTimeInterval(-Self.staleAfter))
        return try await transaction { db in
            if store.engine == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(hashtext(\(bind: key)))").run() }
            let open =
                try await db.raw(
                    "SELECT COALESCE(SUM(open), 0) AS n FROM live_socket_counts WHERE key = \(bind: key) AND seen_at >= \(bind: fresh)"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            guard open < limit else { return false }
            try await db.raw(
                """
                INSERT INTO live_socket_counts (server, key, open, seen_at) VALUES (\(bind: server), \(bind: key), 1, \(bind: at))
                ON CONFLICT (key, server) DO UPDATE SET open = live_socket_counts.open + 1, seen_at = \(bind: at)
                """
            ).run()
            return true
        }
    }

    public func close(_ key: String, server: String) async throws {
        try await transaction { db in
            try await db.raw("UPDATE live_socket_counts SET open = open - 1 WHERE key = \(bind: key) AND server = \(bind: server)").run()
            try await db.raw("DELETE FROM live_socket_counts WHERE key = \(bind: key) AND server = \(bind: server) AND open <= 0").run()
        }
    }

    /// `server` is alive: its counts still hold. Rows of servers gone quiet are removed.
    public func refresh(server: String, now: Date) async throws {
        try await withConnection { db in
            try await db.raw("UPDATE live_socket_counts SET seen_at = \(bind: millis(now)) WHERE server = \(bind: server)").run()
            try await db.raw(
                "DELETE FROM live_socket_counts WHERE seen_at < \(bind: millis(now.addingTimeInterval(-Self.staleAfter)))"
            ).run()
        }
    }
}

extension Store {
    public var liveSocketCounts: LiveSocketCountStore { LiveSocketCountStore(store: self) }
}

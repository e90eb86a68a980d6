import Foundation
import SQLKit
import Synchronization
import Testing
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 50: how many PostgreSQL connections a server holds is a setting (`serve --database-connections`,
/// ``ServerConfiguration/databaseConnections``), so several servers fit the database's `max_connections`.
@Suite("PostgreSQL connections per server")
struct DatabaseConnectionsTests {
    /// The most connections to the database seen while six slow queries run at once through a store
    /// opened with `limit` (sampled every 20 ms by a store of the test's own, whose sampling connection is not counted).
    static func heldDuringLoad(limit: Int?) async throws -> Int {
        let url = try await ScratchDatabase.makeURL(.postgres)
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger, postgresConnections: limit)
        let watcher = try Store.open(url, logger: ScratchDatabase.quietLogger, postgresConnections: 2)
        let done = Flag()
        let load = Task {
            defer { done.value.store(true, ordering: .releasing) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Short enough that the queue behind two connections stays far inside the pool's 10 s wait,
                // however busy the machine is with other tests.
                for _ in 0..<6 {
                    group.addTask { try await store.withConnection { db in try await db.raw("SELECT pg_sleep(0.3)").run() } }
                }
                try await group.waitForAll()
            }
        }
        var most = 0
        repeat {
            let now = try await watcher.withConnection { db in
                try await db.raw(
                    "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                .first()?.decode(column: "n", as: Int.self) ?? 0
            }
            most = max(most, now)
            try await Task.sleep(for: .milliseconds(20))
        } while !done.value.load(ordering: .acquiring)
        try await load.value
        try await store.close()
        try await watcher.close()
        return most
    }

    @Test("a store told to hold two PostgreSQL connections holds two under six slow queries at once; by default it holds more")
    func bounded() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        let limited = try await Self.heldDuringLoad(limit: 2)
        // (The watcher's own pool may hold a second connection, on its other event loop: counted, so one more.)
        #expect(limited <= 2 + 1, "\(limited) connections")
        let unlimited = try await Self.heldDuringLoad(limit: nil)
        #expect(unlimited > 2 + 1, "\(unlimited) connections by default (eight per core)")
    }
}

/// Set once the load is over.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

import Foundation
import SQLKit

/// Failed attempts at a secret (a password, a tour's passkeys), kept in the database so that every
/// server of a site counts the same failures: the budget a guesser gets does not grow with the
/// number of servers. One row per failure and key; rows older than the limiter's window are purged.
public struct FailedAttemptStore: StoreAggregate {
    let store: Store

    /// When each failure under `key` since `since` happened, oldest first.
    public func failures(_ key: String, since: Date) async throws -> [Date] {
        try await withConnection { db in
            try await db.raw(
                "SELECT at FROM failed_attempts WHERE key = \(bind: key) AND at >= \(bind: millis(since)) ORDER BY at"
            ).all().map { date(millis: try $0.decode(column: "at", as: Int64.self)) }
        }
    }

    /// One failure at `at` under each of `keys`; failures older than `purgeBefore` go.
    public func record(_ keys: [String], at: Date, purgeBefore: Date) async throws {
        try await transaction { db in
            for key in keys {
                try await db.raw("INSERT INTO failed_attempts (key, at) VALUES (\(bind: key), \(bind: millis(at)))").run()
            }
            try await db.raw("DELETE FROM failed_attempts WHERE at < \(bind: millis(purgeBefore))").run()
        }
    }

    /// Forgets the failures under `key` (a success from that address).
    public func clear(_ key: String) async throws {
        try await transaction { db in try await db.raw("DELETE FROM failed_attempts WHERE key = \(bind: key)").run() }
    }
}

extension Store {
    public var failedAttempts: FailedAttemptStore { FailedAttemptStore(store: self) }
}

import Foundation
import SQLKit

/// Token buckets kept in the database, so that every server of a site takes from the same bucket:
/// a bucket is refilled and taken from in one statement (an upsert whose row lock orders servers),
/// never read and then written.
public struct RateBucketStore: StoreAggregate {
    let store: Store

    /// Takes `cost` tokens from `limiter`'s bucket for `key`, which holds at most `burst` and refills
    /// at `perSecond`: nil when taken, else the whole seconds until there would be enough.
    public func take(limiter: String, key: String, cost: Double, perSecond: Double, burst: Double, now: Date) async throws -> Int? {
        let wait: @Sendable (Double) -> Int = { tokens in max(1, Int(((cost - tokens) / perSecond).rounded(.up))) }
        guard cost <= burst else { return wait(burst) }
        let at = millis(now)
        return try await withConnection { db in
            // The refilled level, as SQL: never above the burst, never refilled backwards in time.
            let refilled = SQLQueryString(
                "LEAST(\(bind: burst), rate_buckets.tokens + GREATEST(0, \(bind: at) - rate_buckets.updated) / 1000.0 * \(bind: perSecond))"
            )
            let taken = try await db.raw(
                """
                INSERT INTO rate_buckets (limiter, key, tokens, updated) VALUES (\(bind: limiter), \(bind: key), \(bind: burst - cost), \(bind: at))
                ON CONFLICT (limiter, key) DO UPDATE SET tokens = \(refilled) - \(bind: cost), updated = \(bind: at)
                WHERE \(refilled) >= \(bind: cost)
                RETURNING tokens
                """
            ).first()
            if taken != nil { return nil }
            let row = try await db.raw(
                "SELECT tokens, updated FROM rate_buckets WHERE limiter = \(bind: limiter) AND key = \(bind: key)"
            ).first()
            let tokens =
                try row.map { r in
                    min(
                        burst,
                        try r.decode(column: "tokens", as: Double.self)
                            + max(0, Double(at - (try r.decode(column: "updated", as: Int64.self))) / 1000 * perSecond))
                } ?? burst
            return wait(tokens)
        }
    }

    /// Forgets buckets untouched since `before` (full again by then, for any rate in use).
    public func purge(before: Date) async throws {
        try await withConnection { db in try await db.raw("DELETE FROM rate_buckets WHERE updated < \(bind: millis(before))").run() }
    }
}

extension Store {
    public var rateBuckets: RateBucketStore { RateBucketStore(store: self) }
}

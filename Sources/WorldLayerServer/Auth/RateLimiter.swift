import Foundation
import HTTPTypes
import WorldLayerStore

/// A token bucket per key (a client address, an account): `burst` requests at once, then `perSecond`.
/// Unlike ``AttemptLimiter``, which counts failures, this meters every request of a costly kind
/// (sign-ups, camera frames, uploads, mail). Counts live in this process on the embedded default,
/// and in the database (``RateBucketStore``, under the limiter's name) when servers share one, so
/// that what an address may do does not grow with the number of servers.
public actor RateLimiter {
    public struct Rate: Sendable {
        public var perSecond: Double
        public var burst: Double

        public init(perSecond: Double, burst: Double) {
            self.perSecond = perSecond
            self.burst = burst
        }

        /// `count` requests per `seconds`, all of them at once if need be.
        public static func count(_ count: Int, per seconds: TimeInterval) -> Rate {
            Rate(perSecond: Double(count) / seconds, burst: Double(count))
        }
    }

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let rate: Rate
    private let shared: (store: RateBucketStore, name: String)?
    private var buckets: [String: Bucket] = [:]
    private var takes = 0
    /// Keys beyond this are pruned of full buckets, so a scan of many addresses cannot grow memory.
    private let maximumKeys = 100_000

    public init(_ rate: Rate, shared: RateBucketStore? = nil, name: String = "") {
        self.rate = rate
        self.shared = shared.map { ($0, name) }
    }

    /// Takes `cost` tokens (one request, or its bytes) for `key`: nil when allowed, else the seconds to wait.
    func take(_ key: String, cost: Double = 1, now: Date = Date()) async throws -> Int? {
        if let shared {
            // Now and then, buckets untouched for two days (full again at any rate in use) go.
            takes += 1
            if takes % 1_000 == 0 { try await shared.store.purge(before: now.addingTimeInterval(-2 * 86_400)) }
            return try await shared.store.take(
                limiter: shared.name, key: key, cost: cost, perSecond: rate.perSecond, burst: rate.burst, now: now)
        }
        return takeHere(key, cost: cost, now: now)
    }

    private func takeHere(_ key: String, cost: Double, now: Date) -> Int? {
        var bucket = refilled(key, now: now)
        guard bucket.tokens >= cost else {
            buckets[key] = bucket
            return max(1, Int(((cost - bucket.tokens) / rate.perSecond).rounded(.up)))
        }
        bucket.tokens -= cost
        buckets[key] = bucket
        if buckets.count > maximumKeys { prune(now: now) }
        return nil
    }

    /// Takes a token or throws a 429 that says when to try again.
    func require(_ key: String, cost: Double = 1, what: String, now: Date = Date()) async throws {
        if let wait = try await take(key, cost: cost, now: now) {
            throw APIError(
                .rateLimited, message: "too many \(what); try again in \(wait) seconds",
                headers: [.retryAfter: "\(wait)"])
        }
    }

    private func refilled(_ key: String, now: Date) -> Bucket {
        guard let bucket = buckets[key] else { return Bucket(tokens: rate.burst, updated: now) }
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        return Bucket(tokens: min(rate.burst, bucket.tokens + elapsed * rate.perSecond), updated: now)
    }

    private func prune(now: Date) {
        buckets = buckets.filter { refilled($0.key, now: now).tokens < rate.burst }
    }
}

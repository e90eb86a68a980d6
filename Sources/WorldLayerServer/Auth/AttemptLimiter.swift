import Foundation
import WorldLayerStore

/// Limits failed attempts at a secret (an account's password, a tour's passkeys) so it cannot be
/// guessed online, without letting an attacker lock the owner out.
///
/// Failures count per subject *and address*, per address, and per subject from all addresses.
/// When a subject has failed too often from everywhere, only addresses that have failed on it are
/// held back: the owner, typing the right password from their own phone, still gets in, while a
/// guesser needs a fresh address for every further guess. On the embedded default the counts live in
/// this process; servers sharing PostgreSQL count in it (``FailedAttemptStore``), so that the limit an
/// attacker meets is the same however many servers there are.
public actor AttemptLimiter {
    public struct Limits: Sendable {
        /// Failed attempts allowed per subject from one address within the window.
        public var perSubject = 5
        /// Failed attempts allowed per client address (on any subject) within the window.
        public var perAddress = 20
        /// Failed attempts on one subject from all addresses, after which addresses that failed on it wait.
        public var perSubjectFromAll = 50
        public var window: TimeInterval = 15 * 60

        public init(perSubject: Int = 5, perAddress: Int = 20, perSubjectFromAll: Int = 50, window: TimeInterval = 15 * 60) {
            self.perSubject = perSubject
            self.perAddress = perAddress
            self.perSubjectFromAll = perSubjectFromAll
            self.window = window
        }
    }

    private let limits: Limits
    /// The database's count, shared by every server on it; nil: this process's own.
    private let shared: FailedAttemptStore?
    private var failures: [String: [Date]] = [:]

    public init(limits: Limits, shared: FailedAttemptStore? = nil) {
        self.limits = limits
        self.shared = shared
    }

    /// Seconds until another attempt is allowed, or nil if one is allowed now.
    func retryAfter(subject: String, address: String, now: Date = Date()) async throws -> Int? {
        // Read once each (on PostgreSQL each is a query); the subject's only where this address failed on it.
        let here = try await recent("pair:" + subject + "|" + address, now: now)
        let waits = [
            wait(here, limit: limits.perSubject, now: now),
            wait(try await recent("address:" + address, now: now), limit: limits.perAddress, now: now),
            here.isEmpty ? nil : wait(try await recent("subject:" + subject, now: now), limit: limits.perSubjectFromAll, now: now),
        ].compactMap { $0 }
        return waits.max()
    }

    func recordFailure(subject: String, address: String, now: Date = Date()) async throws {
        let keys = ["pair:" + subject + "|" + address, "subject:" + subject, "address:" + address]
        if let shared {
            return try await shared.record(keys, at: now, purgeBefore: now.addingTimeInterval(-limits.window))
        }
        for key in keys { failures[key, default: []].append(now) }
        // Many addresses each failing once must not grow memory without end.
        if failures.count > 100_000 { failures = failures.filter { $0.value.contains { now.timeIntervalSince($0) < limits.window } } }
    }

    /// A success clears the subject's failures from that address (not the address's, nor others').
    func recordSuccess(subject: String, address: String) async throws {
        let pair = "pair:" + subject + "|" + address
        if let shared { return try await shared.clear(pair) }
        failures[pair] = nil
    }

    private func recent(_ key: String, now: Date) async throws -> [Date] {
        if let shared { return try await shared.failures(key, since: now.addingTimeInterval(-limits.window)) }
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < limits.window }
        failures[key] = recent.isEmpty ? nil : recent
        return recent
    }

    /// Seconds until the oldest of `recent` failures leaves the window, when they reach `limit`.
    private func wait(_ recent: [Date], limit: Int, now: Date) -> Int? {
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((limits.window - now.timeIntervalSince(oldest)).rounded(.up)))
    }
}

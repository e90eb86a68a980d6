import Foundation

/// Limits failed attempts per subject (an account being logged into, a tour whose passkeys are
/// being tried) and per client address in a sliding window, so secrets cannot be guessed online.
/// Counts live in this process; each server of a cluster limits on its own (the limit an attacker
/// meets grows with the servers).
public actor AttemptLimiter {
    public struct Limits: Sendable {
        /// Failed attempts allowed per subject within the window.
        public var perSubject = 5
        /// Failed attempts allowed per client address within the window.
        public var perAddress = 20
        public var window: TimeInterval = 15 * 60

        public init(perSubject: Int = 5, perAddress: Int = 20, window: TimeInterval = 15 * 60) {
            self.perSubject = perSubject
            self.perAddress = perAddress
            self.window = window
        }
    }

    private let limits: Limits
    private var failures: [String: [Date]] = [:]

    public init(limits: Limits) {
        self.limits = limits
    }

    /// Seconds until another attempt is allowed, or nil if one is allowed now.
    func retryAfter(subject: String, address: String, now: Date = Date()) -> Int? {
        let waits = [
            wait(key: "subject:" + subject, limit: limits.perSubject, now: now),
            wait(key: "address:" + address, limit: limits.perAddress, now: now),
        ].compactMap { $0 }
        return waits.max()
    }

    func recordFailure(subject: String, address: String, now: Date = Date()) {
        failures["subject:" + subject, default: []].append(now)
        failures["address:" + address, default: []].append(now)
    }

    /// A success clears the subject's failures (not the address's).
    func recordSuccess(subject: String) {
        failures["subject:" + subject] = nil
    }

    private func wait(key: String, limit: Int, now: Date) -> Int? {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < limits.window }
        failures[key] = recent.isEmpty ? nil : recent
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((limits.window - now.timeIntervalSince(oldest)).rounded(.up)))
    }
}

import Foundation

/// Limits failed logins per account and per client address in a sliding window, so
/// passwords cannot be guessed online. Counts live in this process; each server of a
/// cluster limits on its own (the limit an attacker meets grows with the servers).
public actor LoginRateLimiter {
    public struct Limits: Sendable {
        /// Failed attempts allowed per account within the window.
        public var perAccount = 5
        /// Failed attempts allowed per client address within the window.
        public var perAddress = 20
        public var window: TimeInterval = 15 * 60

        public init(perAccount: Int = 5, perAddress: Int = 20, window: TimeInterval = 15 * 60) {
            self.perAccount = perAccount
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
    func retryAfter(account: String, address: String, now: Date = Date()) -> Int? {
        let waits = [
            wait(key: "account:" + account, limit: limits.perAccount, now: now),
            wait(key: "address:" + address, limit: limits.perAddress, now: now),
        ].compactMap { $0 }
        return waits.max()
    }

    func recordFailure(account: String, address: String, now: Date = Date()) {
        failures["account:" + account, default: []].append(now)
        failures["address:" + address, default: []].append(now)
    }

    /// A successful login clears the account's failures (not the address's).
    func recordSuccess(account: String) {
        failures["account:" + account] = nil
    }

    private func wait(key: String, limit: Int, now: Date) -> Int? {
        let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < limits.window }
        failures[key] = recent.isEmpty ? nil : recent
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((limits.window - now.timeIntervalSince(oldest)).rounded(.up)))
    }
}

import Synchronization

/// The connections each client address holds right now, shared by every connection's ``ConnectionGuard``.
final class OpenConnections: Sendable {
    private let counts = Mutex([String: Int]())
    let perAddress: Int
    /// Addresses never limited (trusted reverse proxies).
    let unlimited: Set<String>

    init(perAddress: Int, unlimited: Set<String>) {
        self.perAddress = perAddress
        self.unlimited = unlimited
    }

    /// Counts a new connection from `address`; false (and not counted) when the address holds its limit already.
    func open(_ address: String) -> Bool {
        if unlimited.contains(address) { return true }
        return counts.withLock { counts in
            let held = counts[address, default: 0]
            guard held < perAddress else { return false }
            counts[address] = held + 1
            return true
        }
    }

    func close(_ address: String) {
        if unlimited.contains(address) { return }
        counts.withLock { counts in
            let held = counts[address, default: 0]
            counts[address] = held > 1 ? held - 1 : nil
        }
    }
}

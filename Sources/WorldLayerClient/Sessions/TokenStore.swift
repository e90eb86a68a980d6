import Foundation

/// Where a session's bearer token is kept between launches: the Keychain on Apple platforms
/// (`KeychainTokenStore`), a file only its owner can read elsewhere (``FileTokenStore``).
public protocol TokenStore: Sendable {
    /// The kept token, or nil when logged out.
    func load() throws -> String?
    /// Keeps `token`, or forgets it when nil.
    func save(_ token: String?) throws
}

/// Keeps the token in memory only: for tests and for apps that log in at every launch.
public final class MemoryTokenStore: TokenStore {
    private let token = LockedValue<String?>(nil)

    public init(token: String? = nil) { self.token.set(token) }

    public func load() -> String? { token.get() }
    public func save(_ token: String?) { self.token.set(token) }
}

/// A value behind a lock, for the client's small shared states.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func update<R>(_ change: (inout Value) throws -> R) rethrows -> R { try lock.withLock { try change(&value) } }
}

import Foundation

/// What time it is, asked of one place: the system's clock in service, a clock that moves only
/// when a test moves it in tests (expiry, a stop's dwell time), so that no test waits for time to pass.
public struct WallClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) { self.now = now }

    public static let system = WallClock { Date() }
}

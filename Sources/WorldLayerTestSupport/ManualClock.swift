import Foundation
import WorldLayerCore

/// A clock for tests: it starts at the real time and moves only when the test moves it, so that
/// expiry, dwell times and schedules are tested without waiting for time to pass. With a `step`,
/// every reading moves it on by that much, as real time does between two requests (so that two
/// things done one after the other are not at the same instant).
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private let step: TimeInterval

    public init(start: Date = Date(), step: TimeInterval = 0) {
        current = start
        self.step = step
    }

    public var now: Date {
        lock.withLock {
            defer { current += step }
            return current
        }
    }

    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    /// The clock to give the server or the store.
    public var wall: WallClock { WallClock { [self] in now } }
}

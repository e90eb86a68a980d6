import Foundation

/// How long to wait before the next try after a run of failures: doubling from `first` up to
/// `limit`, each wait drawn between half and all of that ("equal jitter"), so that many devices
/// coming back online at once do not all knock at the same moment.
public struct Backoff: Sendable, Hashable {
    public var first: Duration
    public var limit: Duration

    public init(first: Duration = .milliseconds(500), limit: Duration = .seconds(30)) {
        self.first = first
        self.limit = limit
    }

    /// The longest wait after `failures` failures in a row (0 → no wait).
    public func ceiling(after failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        let doublings = min(failures - 1, 30)
        let wait = first * (1 << doublings)
        return min(wait, limit)
    }

    /// A wait after `failures` failures in a row, between half the ceiling and all of it.
    public func delay(after failures: Int, using random: inout some RandomNumberGenerator) -> Duration {
        let ceiling = ceiling(after: failures)
        return ceiling / 2 + ceiling / 2 * Double.random(in: 0...1, using: &random)
    }
}

import Foundation
import Logging
import WorldLayerStore

/// Everything `worldlayer serve` can be told, with the defaults a single campus needs.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var database = DatabaseURL.embeddedDefault
    /// bcrypt work factor; each step doubles the cost of guessing a password.
    public var bcryptCost: UInt8 = 12
    /// How long a login lasts without logging in again.
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    public var loginLimits = LoginRateLimiter.Limits()
    public var logLevel: Logger.Level = .info

    public init() {}
}

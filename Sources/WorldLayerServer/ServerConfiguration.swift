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
    /// How long deleted and expired stickers, old log entries and old asset versions are kept.
    public var retention = RetentionPolicy()
    /// How often expiry and purging run (and, as a safety net, live subscribers are checked).
    public var maintenanceInterval: Duration = .seconds(30)
    /// How often the live hub re-reads the log even without a signal (a missed NOTIFY, another SQLite process).
    public var livePollInterval: Duration = .seconds(2)

    public init() {}
}

import Foundation
import Logging
import Synchronization
import WorldLayerCore
import WorldLayerStore

/// This server's claim on the site's maintenance (ending expired stickers, purges, the media sweep):
/// of the servers sharing a database, the one holding the lease runs it, so nothing runs twice.
/// Renewed on every maintenance tick; a holder that dies stops renewing, and another server takes
/// over once `lease` has passed. A graceful stop gives it back at once.
final class MaintenanceLease: Sendable {
    static let job = "maintenance"
    let store: Store
    let lease: TimeInterval
    /// This server among the servers: its machine and port, so that a server killed and started
    /// again where it was (systemd's `Restart=`) takes its lease back at once; a random port's
    /// server is one of a kind.
    let holder: String
    /// When the lease this server last took or renewed runs out; nil when it holds none.
    private let heldUntil = Mutex<Date?>(nil)
    private let logger: Logger

    init(store: Store, lease: TimeInterval, port: Int, logger: Logger) {
        let host = ProcessInfo.processInfo.hostName
        self.holder = port != 0 ? "\(host):\(port)" : "\(host):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8))"
        self.store = store
        self.lease = lease
        self.logger = logger
    }

    /// Whether this server holds a lease that has not run out (the `/metrics` gauge).
    var isHeld: Bool { heldUntil.withLock { $0 }.map { $0 > store.clock.now() } ?? false }

    /// Takes or renews the lease; false when another server holds it. A renewal that fails (a busy
    /// or restarting database) keeps what this server already holds until it runs out, since no
    /// other server can take it before then; one that held nothing runs nothing: better late than
    /// twice.
    func renew() async -> Bool {
        let start = store.clock.now()
        let before = isHeld
        do {
            let taken = try await store.jobLeases.hold(Self.job, holder: holder, for: lease, now: start)
            heldUntil.withLock { $0 = taken ? start.addingTimeInterval(lease) : nil }
        } catch {
            logger.warning("renewing the maintenance lease failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
        let now = isHeld
        if now != before {
            logger.info(now ? "this server now runs the site's maintenance" : "another server runs the site's maintenance")
        }
        return now
    }

    func release() async {
        guard isHeld else { return }
        heldUntil.withLock { $0 = nil }
        do { try await store.jobLeases.release(Self.job, holder: holder) } catch {
            logger.warning("giving back the maintenance lease failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

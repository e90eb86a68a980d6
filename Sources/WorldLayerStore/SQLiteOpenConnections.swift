import Foundation
import NIOPosix
import SQLiteNIO

/// The connections a store's ``SQLiteSource`` opened and has not yet closed, and those still opening.
///
/// SQLite closes a connection on the store's own threads, and one freed unclosed traps in debug
/// builds. A connection can outlive the store's pools: a slow request gives its connection back after
/// ``Store/close(waitingAtMost:)`` stopped waiting, or one finishes opening for a request the closed pool
/// already failed (it once ended a loaded test run). The threads may stop only once ``allClosed``.
final class SQLiteOpenConnections: @unchecked Sendable {
    private struct Held {
        weak var connection: SQLiteConnection?
    }

    private let lock = NSLock()
    private var opening = 0
    private var held: [Held] = []

    func willOpen() { lock.withLock { opening += 1 } }

    /// Counts a connection `willOpen` announced as open (or nil: it failed to open).
    func didOpen(_ connection: SQLiteConnection?) {
        lock.withLock {
            opening -= 1
            held.removeAll { $0.connection?.isClosed ?? true }
            if let connection { held.append(Held(connection: connection)) }
        }
    }

    /// Whether every connection opened is closed (or freed) and none is opening.
    var allClosed: Bool {
        lock.withLock { opening == 0 && held.allSatisfy { $0.connection?.isClosed ?? true } }
    }

    /// Stops `threads` once every connection is closed.
    func stop(_ threads: NIOThreadPool) async {
        while !allClosed { try? await Task.sleep(for: .milliseconds(50)) }
        try? await threads.shutdownGracefully()
    }
}

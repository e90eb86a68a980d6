import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO

/// Opens SQLite connections configured for a server: WAL journal (readers never
/// block the writer), full fsync at commit (an acknowledged write survives a power
/// cut), foreign keys on, and a busy timeout for writers in other processes.
///
/// Each store has its own thread pool: a connection waiting on another process's
/// (or another store's) write lock then blocks only this store's threads.
struct SQLiteSource: ConnectionPoolSource {
    /// 16 KiB pages for a new database (an existing one keeps its size until compacted, ``SQLiteCompaction``):
    /// a spatial read takes a run of ~800-byte rows side by side, and fetching it from disk costs per page, not per byte.
    static let pageSize = 16384

    let path: String
    let threadPool: NIOThreadPool
    /// What must be closed before ``threadPool`` stops.
    let connections = SQLiteOpenConnections()

    func makeConnection(logger: Logger, on eventLoop: any EventLoop) -> EventLoopFuture<SQLiteConnection> {
        connections.willOpen()
        return SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
            .always { [connections] opened in connections.didOpen(try? opened.get()) }
            .flatMap { conn in
                let pragmas = [
                    // First: switching a new file to WAL takes a lock, and servers opening it together must wait for it.
                    "PRAGMA busy_timeout = 30000",
                    "PRAGMA page_size = \(SQLiteSource.pageSize)",
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA synchronous = FULL",
                    "PRAGMA foreign_keys = ON",
                    // 8 MiB of page cache per connection (the default is 2 MiB): spatial reads revisit the same cells.
                    "PRAGMA cache_size = -8192",
                ]
                return pragmas.reduce(eventLoop.makeSucceededVoidFuture()) { chain, pragma in
                    chain.flatMap { Self.run(pragma, on: conn, attempts: 250) }
                }
                .map { conn }
                .flatMapError { error in conn.close().flatMapThrowing { throw error } }
            }
    }

    /// Runs a pragma, again every 20 ms (for up to 5 s) while the file is busy. Switching a new file
    /// to WAL upgrades the pragma's own read transaction to a write, and SQLite answers such an upgrade
    /// "busy" at once, never calling the busy handler (it could deadlock): four stores opening one new
    /// file together failed so about once in a loaded test run.
    private static func run(_ pragma: String, on conn: SQLiteConnection, attempts: Int) -> EventLoopFuture<Void> {
        conn.query(pragma).map { _ in }.flatMapError { error in
            guard attempts > 1, let failure = error as? SQLiteError, failure.reason == .busy else {
                return conn.eventLoop.makeFailedFuture(error)
            }
            return conn.eventLoop.flatScheduleTask(in: .milliseconds(20)) { run(pragma, on: conn, attempts: attempts - 1) }.futureResult
        }
    }
}

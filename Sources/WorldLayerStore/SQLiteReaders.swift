import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO

/// SQLite connections for short reads, taken and given back under a lock.
///
/// The pool hands a connection over through its event loop: a request and a release are each a
/// hop to that loop's thread and back. A nearby search in memory (``ResidentSpots``) runs one
/// statement, about as long as those hops. Readers never wait for the write lock (WAL), so a few
/// connections of their own serve them; past ``capacity`` busy ones, callers use the pool.
final class SQLiteReaders: @unchecked Sendable {
    private let source: SQLiteSource
    private let logger: Logger
    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []
    private var open = 0
    private var isClosed = false
    /// As many as the pool's threads allow without starving it (``Store/open(_:logger:clock:notifiesOnCommit:)``).
    let capacity: Int

    init(source: SQLiteSource, capacity: Int, logger: Logger) {
        self.source = source
        self.capacity = capacity
        self.logger = logger
    }

    /// Runs `body` on a reader, or returns nil when all are busy (or closed).
    func withReader<R>(_ body: (SQLiteConnection) async throws -> R) async throws -> R? {
        guard let connection = try await take() else { return nil }
        do {
            let result = try await body(connection)
            giveBack(connection)
            return result
        } catch {
            giveBack(connection)
            throw error
        }
    }

    private func take() async throws -> SQLiteConnection? {
        enum Taken { case idle(SQLiteConnection), new, none }
        let taken: Taken = lock.withLock {
            if isClosed { return .none }
            if let c = idle.popLast() { return .idle(c) }
            guard open < capacity else { return .none }
            open += 1
            return .new
        }
        switch taken {
        case .idle(let c): return c
        case .none: return nil
        case .new:
            do {
                return try await source.makeConnection(logger: logger, on: MultiThreadedEventLoopGroup.singleton.any()).get()
            } catch {
                lock.withLock { open -= 1 }
                throw error
            }
        }
    }

    private func giveBack(_ connection: SQLiteConnection) {
        let closed = lock.withLock {
            if !isClosed { idle.append(connection) }
            return isClosed
        }
        if closed { _ = connection.close() }
    }

    /// Closes the idle readers; a busy one is closed when it is given back.
    func close() async {
        let connections = lock.withLock {
            isClosed = true
            defer { idle = [] }
            return idle
        }
        // The future's close: a cancelled caller must not leave one open (the async close gives up on cancellation).
        for c in connections { try? await c.close().get() }
    }
}

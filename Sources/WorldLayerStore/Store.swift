import AsyncKit
import Foundation
import Instrumentation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import Synchronization
import Tracing
import WorldLayerCore

/// The one persistence layer: the same queries run on SQLite (embedded default)
/// and PostgreSQL (several servers sharing one database), written once with SQLKit.
public final class Store: Sendable {
    public enum Engine: String, Sendable, CaseIterable {
        case sqlite
        case postgres
    }

    /// Pools are not `Sendable` by declaration but are safe to share: they lock internally.
    private final class Pools: @unchecked Sendable {
        var sqlite: EventLoopGroupConnectionPool<SQLiteSource>?
        var sqliteThreads: NIOThreadPool?
        var sqliteConnections: SQLiteOpenConnections?
        var sqliteReaders: SQLiteReaders?
        var postgres: EventLoopGroupConnectionPool<PostgresConnectionSource>?
        private let lock = NSLock()
        private var isClosed = false

        /// Marks the pools closed; true only for the first caller.
        func markClosed() -> Bool {
            lock.withLock {
                defer { isClosed = true }
                return !isClosed
            }
        }

        deinit {
            // A store dropped without close(): release its connections in the background.
            guard markClosed() else { return }
            let (threads, readers, connections) = (sqliteThreads, sqliteReaders, sqliteConnections)
            sqlite?.shutdownGracefully { _ in
                Task {
                    await readers?.close()
                    if let threads, let connections { await connections.stop(threads) }
                }
            }
            postgres?.shutdownGracefully { _ in }
        }
    }

    public let engine: Engine
    public let url: DatabaseURL
    /// "Now" for every rule that depends on time (expiry, sessions, stamps, schedules) when the
    /// caller does not say.
    public let clock: WallClock
    let logger: Logger
    private let pools: Pools
    private let writeLock = AsyncLock()
    /// Connections taken from the pools and not yet given back (``close()`` waits for them).
    private let leases = Atomic<Int>(0)
    private let deadlineMilliseconds = Atomic<Int64>(0)
    /// How long one piece of work may hold a PostgreSQL connection before it fails as unavailable
    /// and the connection is closed (nil: no limit). A server sets it once migrated
    /// (``ConnectionDeadline``); tools that run long statements (migrations, bulk loads) leave it off.
    public var connectionDeadline: Duration? {
        get {
            let milliseconds = deadlineMilliseconds.load(ordering: .relaxed)
            return milliseconds > 0 ? .milliseconds(milliseconds) : nil
        }
        set { deadlineMilliseconds.store(newValue.map { max(1, Int64($0 / .milliseconds(1))) } ?? 0, ordering: .relaxed) }
    }
    /// Pooled connections in use (or being waited for) now: with the pool's size, how near it is to running out.
    public var connectionsInUse: Int { leases.load(ordering: .relaxed) }
    let commitSignal = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    /// Whether a PostgreSQL transaction that wrote change-log entries `NOTIFY`s every listening server;
    /// off when another path (a NATS server) carries that signal.
    let notifiesOnCommit: Bool
    let bodyCache = StickerBodyCache()
    let bookCache = BookCache()
    let densityHints = DensityHints()
    /// Every sticker's place and audience in memory, once ``NearbySearch/keepResident()`` has read them (SQLite only).
    let residentSpots = ResidentSpots()

    private init(url: DatabaseURL, engine: Engine, pools: Pools, logger: Logger, clock: WallClock, notifiesOnCommit: Bool) {
        self.url = url
        self.notifiesOnCommit = notifiesOnCommit
        self.clock = clock
        self.engine = engine
        self.pools = pools
        self.logger = logger
    }

    /// Opens a pool of connections. Nothing is read or written until the first query;
    /// call ``migrate()`` before serving. `notifiesOnCommit` is off when the servers sharing a PostgreSQL
    /// database tell each other about commits some other way (see ``notifiesOnCommit``).
    /// `postgresConnections`: at most this many pooled PostgreSQL connections in all (spread over the
    /// event loops, at least one each; default eight a loop), so that several servers fit the
    /// database's `max_connections`.
    public static func open(
        _ url: DatabaseURL, logger: Logger = Logger(label: "worldlayer.store"), clock: WallClock = .system, notifiesOnCommit: Bool = true,
        postgresConnections: Int? = nil
    ) throws -> Store {
        let group = MultiThreadedEventLoopGroup.singleton
        switch url {
        case .sqlite(let path):
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw StoreError.unavailable("cannot create the folder \(directory.path) for the database")
            }
            // A thread for every connection: SQLite runs each statement on a pool thread, and a connection
            // waiting for the write lock holds its thread (up to the busy timeout). With fewer threads than
            // connections, the waiters could take every thread while the lock's holder waited for one to
            // run its next statement (40 concurrent writes stalled for the 30 s timeout, twice).
            let connectionsPerLoop = 4
            let loops = group.makeIterator().reduce(0) { n, _ in n + 1 }
            // Readers (``SQLiteReaders``) get threads of their own: waiting writers can never hold them all.
            let readers = 2 * loops
            let threads = NIOThreadPool(numberOfThreads: connectionsPerLoop * loops + readers)
            threads.start()
            let pools = Pools()
            pools.sqliteThreads = threads
            let source = SQLiteSource(path: path, threadPool: threads)
            pools.sqliteConnections = source.connections
            pools.sqlite = EventLoopGroupConnectionPool(
                source: source, maxConnectionsPerEventLoop: connectionsPerLoop, logger: logger, on: group)
            pools.sqliteReaders = SQLiteReaders(source: source, capacity: readers, logger: logger)
            return Store(url: url, engine: .sqlite, pools: pools, logger: logger, clock: clock, notifiesOnCommit: false)
        case .postgres(let text):
            let configuration: SQLPostgresConfiguration
            do {
                configuration = try SQLPostgresConfiguration(url: text)
            } catch {
                throw StoreError.invalidURL("a PostgreSQL URL looks like postgres://user@host:5432/database")
            }
            let pools = Pools()
            let loops = group.makeIterator().reduce(0) { n, _ in n + 1 }
            pools.postgres = EventLoopGroupConnectionPool(
                source: PostgresConnectionSource(sqlConfiguration: configuration),
                maxConnectionsPerEventLoop: postgresConnections.map { max(1, $0 / loops) } ?? 8, logger: logger, on: group)
            return Store(url: url, engine: .postgres, pools: pools, logger: logger, clock: clock, notifiesOnCommit: notifiesOnCommit)
        }
    }

    /// What the nearby search keeps in memory (for `/metrics`): stickers' places held for searching
    /// (none when searches run in SQL) and decoded stickers cached.
    public var nearbyMemory: (residentStickers: Int, cachedStickers: Int) { (residentSpots.spotCount, bodyCache.count) }

    /// Runs `body` on one pooled connection.
    public func withConnection<R: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> R, function: String = #function, file: String = #fileID
    ) async throws -> R {
        try await withConnection(native: { db, _ in try await body(db) }, function: function, file: file)
    }

    /// The driver's own connection behind a pooled one, for what SQLKit cannot do: statements
    /// prepared once per PostgreSQL connection, rows read on SQLite without `Decodable`.
    public enum NativeConnection: Sendable {
        case sqlite(SQLiteConnection)
        case postgres(PostgresConnection)

        public var postgres: PostgresConnection? { if case .postgres(let c) = self { c } else { nil } }
        public var sqlite: SQLiteConnection? { if case .sqlite(let c) = self { c } else { nil } }
    }

    /// Runs `body` on one pooled connection, also handing it the driver's connection itself: within a
    /// trace (a request's), one client span named by the store method that asked (`StickerStore.nearby`).
    /// Work outside any trace (the maintenance ticks, the CLI) starts none of its own.
    public func withConnection<R: Sendable>(
        native body: @escaping @Sendable (any SQLDatabase, NativeConnection) async throws -> R, function: String = #function,
        file: String = #fileID
    ) async throws -> R {
        guard InstrumentationContext.current != nil else { return try await onConnection(body) }
        return try await withSpan(Self.spanName(function: function, file: file), ofKind: .client) { span in
            span.attributes["db.system.name"] = engine == .postgres ? "postgresql" : "sqlite"
            return try await onConnection(body)
        }
    }

    /// "StickerStore.nearby" from `nearby(at:radius:)` in `WorldLayerStore/Stickers/StickerStore.swift`.
    static func spanName(function: String, file: String) -> String {
        let type = file.split(separator: "/").last.map { $0.hasSuffix(".swift") ? $0.dropLast(6) : $0 } ?? "Store"
        return "\(type).\(function.prefix { $0 != "(" })"
    }

    private func onConnection<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, NativeConnection) async throws -> R)
        async throws -> R
    {
        leases.add(1, ordering: .relaxed)
        defer { leases.subtract(1, ordering: .relaxed) }
        if let pool = pools.sqlite {
            let conn = try await pool.requestConnection(logger: logger).get()
            defer { pool.releaseConnection(conn, logger: logger) }
            return try await body(conn.sql(queryLogLevel: .trace), .sqlite(conn))
        } else if let pool = pools.postgres {
            let conn = try await pool.requestConnection(logger: logger).get()
            guard let deadline = connectionDeadline else {
                defer { pool.releaseConnection(conn, logger: logger) }
                return try await body(conn.sql(queryLogLevel: .trace), .postgres(conn))
            }
            return try await ConnectionDeadline.run(
                on: conn, within: TimeAmount(deadline),
                release: { [self] in pools.postgres?.releaseConnection(conn, logger: logger) },
                logger: logger
            ) { try await body(conn.sql(queryLogLevel: .trace), .postgres(conn)) }
        }
        throw StoreError.unavailable("the store is closed")
    }

    /// Runs `body` on an SQLite connection for short reads, without the pool's round trips
    /// (``SQLiteReaders``); nil on PostgreSQL or when every reader is busy.
    func withReader<R>(_ body: (SQLiteConnection) async throws -> R) async throws -> R? {
        leases.add(1, ordering: .relaxed)
        defer { leases.subtract(1, ordering: .relaxed) }
        return try await pools.sqliteReaders?.withReader(body)
    }

    /// Runs `body` in one transaction: all of its writes commit together or none do.
    ///
    /// On SQLite, writers queue in this process and take the write lock up front
    /// (`BEGIN IMMEDIATE`), so two transactions never deadlock upgrading their locks.
    public func transaction<R: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> R, function: String = #function, file: String = #fileID
    ) async throws -> R {
        switch engine {
        case .sqlite:
            return try await writeLock.withLock {
                try await self.withConnection(
                    { db in try await self.run(db, begin: "BEGIN IMMEDIATE", body) }, function: function, file: file)
            }
        case .postgres:
            return try await withConnection({ db in try await self.run(db, begin: "BEGIN", body) }, function: function, file: file)
        }
    }

    private func run<R: Sendable>(_ db: any SQLDatabase, begin: String, _ body: @Sendable (any SQLDatabase) async throws -> R)
        async throws -> R
    {
        try await db.raw(SQLQueryString(begin)).run()
        do {
            let notes = TransactionNotes()
            let result = try await TransactionNotes.$current.withValue(notes) { try await body(db) }
            // Delivered to every listening server when (and only if) the transaction commits.
            if notifiesOnCommit, notes.appendedEvents { try await db.raw("NOTIFY \(unsafeRaw: ChangeLog.liveChannel)").run() }
            try await db.raw("COMMIT").run()
            if notes.appendedEvents { commitSignal.continuation.yield() }
            return result
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }

    /// Rows that changes lock before reading what they will change.
    enum LockedRow: String {
        case worldmap = "worldmaps"
        case group = "social_groups"
        case account = "accounts"
    }

    /// Locks one row until the transaction ends (on PostgreSQL; SQLite's writes already run one at a
    /// time), so changes that read it and then write run one after the other and each sees the last.
    func lock<Entity>(_ row: LockedRow, id: TypedID<Entity>, on db: any SQLDatabase) async throws {
        guard engine == .postgres else { return }
        try await db.raw("SELECT 1 FROM \(unsafeRaw: row.rawValue) WHERE id = \(bind: id.text) FOR UPDATE").run()
    }

    /// Runs an idempotent create (one that reads whether its row exists, then inserts it). On PostgreSQL
    /// retries of one create can run side by side; those that lose the race to insert run again, once,
    /// and find the winner's row.
    static func creatingOnce<R: Sendable>(_ attempt: () async throws -> R) async throws -> R {
        do {
            return try await attempt()
        } catch  where isUniqueViolation(error) {
            return try await attempt()
        }
    }

    /// Checks that the database answers.
    public func ping() async throws {
        _ = try await withConnection { db in try await db.raw("SELECT 1 AS ok").all() }
    }

    /// Closes every connection, once those in use are given back (for at most `wait`: a query that
    /// never answers keeps its connection). One given back later is closed then; SQLite's threads,
    /// which close connections, stop after the last is closed (``SQLiteOpenConnections``).
    public func close(waitingAtMost wait: Duration = .seconds(5)) async throws {
        guard pools.markClosed() else { return }
        let deadline = ContinuousClock.now + wait
        while connectionsInUse > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        try await pools.sqlite?.shutdownAsync()
        await pools.sqliteReaders?.close()
        try await pools.postgres?.shutdownAsync()
        guard let threads = pools.sqliteThreads, let connections = pools.sqliteConnections else { return }
        if connections.allClosed { return try await threads.shutdownGracefully() }
        logger.debug("SQLite connections still open at close; their threads stop once they are closed")
        Task.detached { await connections.stop(threads) }
    }

    /// Whether an error is a unique-constraint violation from either engine.
    public static func isUniqueViolation(_ error: any Error) -> Bool {
        if let e = error as? SQLiteError {
            return e.reason == .constraint || e.reason == .constraintUniqueFailed || e.reason == .constraintPrimaryKeyFailed
        }
        if let e = error as? PSQLError {
            return e.serverInfo?[.sqlState] == "23505"
        }
        return false
    }
}

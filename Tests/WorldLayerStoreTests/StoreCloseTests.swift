import SQLKit
import SQLiteNIO
import Synchronization
import Testing
import WorldLayerTestSupport

@testable import WorldLayerStore

/// A store closed while requests still hold or are opening connections. Under load a request once
/// outlived close()'s wait; its SQLite connection was then freed unclosed after the threads that close
/// connections had stopped, and SQLite's driver trapped on it, ending the whole test run.
@Suite("Closing a store with connections in use")
struct StoreCloseTests {
    @Test(
        "work that outlives close()'s wait finishes on its connection, which is then closed; nothing traps",
        arguments: ScratchDatabase.engines)
    func pooledConnection(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let work = SlowWork()
        let slow = Task {
            try await store.withConnection { db in
                await work.holdUntilReleased()
                return try await db.raw("SELECT 1 AS ok").first()?.decode(column: "ok", as: Int.self)
            }
        }
        try await Self.close(store, holding: work)
        #expect(try await slow.value == 1)
        await #expect(throws: (any Error).self) { try await store.ping() }
    }

    @Test("a short read on SQLite's own readers that outlives close()'s wait finishes too")
    func reader() async throws {
        guard ScratchDatabase.engines.contains(.sqlite) else { return }
        let store = try await ScratchDatabase.make(.sqlite)
        let work = SlowWork()
        let slow = Task {
            try await store.withReader { connection in
                await work.holdUntilReleased()
                return try await connection.query("SELECT 1 AS ok").first?.column("ok")?.integer
            }
        }
        try await Self.close(store, holding: work)
        #expect(try await slow.value == .some(1))
    }

    @Test("closed at once under forty requests still opening their connections: each answers or fails, nothing traps")
    func closedWhileOpening() async throws {
        guard ScratchDatabase.engines.contains(.sqlite) else { return }
        for _ in 0..<5 {
            let url = try await ScratchDatabase.makeURL(.sqlite)
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            let requests = (0..<40).map { _ in Task { try await store.withConnection { db in try await db.raw("SELECT 1 AS ok").run() } } }
            try await store.close(waitingAtMost: .zero)
            for request in requests { _ = await request.result }
            // Give the threads' background stop its turn: a connection freed unclosed would trap there.
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Closes `store` once the slow work holds its connection, waiting for it only briefly, then lets the work go on.
    static func close(_ store: Store, holding work: SlowWork) async throws {
        while !work.holding.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(5)) }
        try await store.close(waitingAtMost: .milliseconds(20))
        #expect(store.connectionsInUse == 1)
        work.released.store(true, ordering: .releasing)
    }
}

/// The slow work's side: it says when it holds its connection, and keeps it until the test lets it go.
final class SlowWork: Sendable {
    let holding = Atomic<Bool>(false)
    let released = Atomic<Bool>(false)

    func holdUntilReleased() async {
        holding.store(true, ordering: .releasing)
        while !released.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

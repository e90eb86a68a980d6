import Foundation
import Hummingbird
import Logging
import WorldLayerCLI
import WorldLayerServer
import WorldLayerStore

/// A whole WorldLayer server inside this process, on a loopback port it chooses, for a rehearsal
/// that needs one and was given none. Clients still talk to it over HTTP, as to any other. It runs
/// until the process ends: stopping it while the walker's long polls still wait on it gained
/// nothing and, now and then, tripped SQLiteNIO's check that every connection is closed first.
struct EmbeddedServer {
    let url: URL

    /// Starts a server on `database` (a scratch SQLite file unless given) and returns once it listens.
    static func start(database: DatabaseURL? = nil) async throws -> EmbeddedServer {
        var configuration = ServerConfiguration()
        configuration.port = 0
        // Quiet: at the end the walker's long polls are still waiting when the server stops.
        configuration.logLevel = .critical
        configuration.bcryptCost = 4
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        configuration.database = database ?? .sqlite(path: scratch.appendingPathComponent("walk.sqlite").path)
        configuration.mediaDirectory = scratch.appendingPathComponent("media")
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(configuration) { port in listening.yield(port) }
        Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CommandFailure("the embedded server did not start") }
        return EmbeddedServer(url: URL(string: "http://127.0.0.1:\(port)")!)
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import WorldLayerCore
import WorldLayerServer
import WorldLayerServices
import WorldLayerStore

extension ServerConfiguration {
    /// A server for a test: a fresh database of the engine, any free port, quiet logs, real bcrypt at
    /// its lowest cost (to keep suites quick), and a live-hub safety poll slowed so far that tests
    /// pass on commit notifications alone.
    public static func forTests(_ engine: Store.Engine) async throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.database = try await ScratchDatabase.makeURL(engine)
        configuration.bcryptCost = 4
        configuration.logLevel = .error
        configuration.livePollInterval = .seconds(3600)
        // Mail goes to a folder of the test's own (`mailFolder(of:)` reads it).
        configuration.mailSender = EMLFolderSender(
            folder: FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-mail-\(UUID().text)"))
        // The test framework's client opens its one connection at the start and never makes another:
        // a test busy elsewhere for longer than a timeout would lose it. `ConnectionLimitTests` sets its own.
        configuration.connectionLimits.firstRequestTimeout = .seconds(3600)
        configuration.connectionLimits.idleTimeout = .seconds(3600)
        return configuration
    }
}

/// Runs `test` with a real server listening on loopback, on a fresh database of the engine; it gets
/// the test framework's client.
public func withLiveApplication(
    _ engine: Store.Engine, configure: (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    var configuration = try await ServerConfiguration.forTests(engine)
    configure(&configuration)
    let app = try await buildApplication(configuration)
    try await app.test(.live, test)
}

/// Runs `test` with a real server listening on loopback; it gets the server's base URL.
public func withLiveServer(
    _ engine: Store.Engine, configure: (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (URL) async throws -> Void
) async throws {
    try await withLiveApplication(engine, configure: configure) { client in
        guard let port = client.port else { throw CocoaError(.featureUnsupported) }
        try await test(URL(string: "http://127.0.0.1:\(port)")!)
    }
}

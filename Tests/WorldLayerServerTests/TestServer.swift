import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Runs `test` against a live server on a fresh database of the engine.
func withServer(
    _ engine: Store.Engine, configure: (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API) async throws -> Void
) async throws {
    try await withLiveApplication(engine, configure: configure) { client in try await API.patient(client, test) }
}

/// Two server processes' worth of app sharing one database (as two `worldlayer serve` on one PostgreSQL).
func withTwoServers(
    _ engine: Store.Engine, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API, API) async throws -> Void
) async throws {
    let url = try await ScratchDatabase.makeURL(engine)
    let both: @Sendable (inout ServerConfiguration) -> Void = {
        configure(&$0)
        $0.database = url
    }
    try await withServer(engine, configure: both) { first in
        try await withServer(engine, configure: both) { second in try await test(first, second) }
    }
}

/// Where a server's nearby searches run: on SQLite in memory (the default, ``ServerConfiguration/residentSpots``)
/// or in SQL, and on PostgreSQL in SQL — each path the tests of what a search finds and shows must cover.
struct NearbyPath: Sendable, CustomTestStringConvertible {
    var engine: Store.Engine
    var resident: Bool

    static var all: [NearbyPath] {
        ScratchDatabase.engines.flatMap { engine in
            engine == .sqlite
                ? [NearbyPath(engine: engine, resident: true), NearbyPath(engine: engine, resident: false)]
                : [
                    NearbyPath(engine: engine, resident: false)
                ]
        }
    }

    var testDescription: String { engine == .sqlite ? "sqlite, \(resident ? "in memory" : "in SQL")" : engine.rawValue }
}

/// Runs `test` against a live server whose nearby searches take `path`.
func withServer(
    _ path: NearbyPath, configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API) async throws -> Void
) async throws {
    try await withServer(
        path.engine,
        configure: {
            configure(&$0)
            $0.residentSpots = path.resident
        }, test)
}

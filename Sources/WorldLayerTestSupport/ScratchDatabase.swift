import Foundation
import Logging
import SQLKit
import WorldLayerStore

/// Fresh, migrated databases for tests: a new SQLite file, or a new database on the
/// throwaway PostgreSQL server that `scripts/with-postgres` starts for the test run.
public enum ScratchDatabase {
    /// The engines this run can test. `make test` always provides PostgreSQL and sets
    /// WORLDLAYER_REQUIRE_POSTGRES, so a missing server fails the run instead of hiding.
    public static var engines: [Store.Engine] {
        let env = ProcessInfo.processInfo.environment
        if env["WORLDLAYER_TEST_POSTGRES_URL"] != nil { return [.sqlite, .postgres] }
        if env["WORLDLAYER_REQUIRE_POSTGRES"] != nil {
            fatalError(
                "WORLDLAYER_REQUIRE_POSTGRES is set but WORLDLAYER_TEST_POSTGRES_URL is not: run the tests with scripts/with-postgres")
        }
        return [.sqlite]
    }

    /// A URL for an empty database of the engine.
    public static func makeURL(_ engine: Store.Engine) async throws -> DatabaseURL {
        let name = "wl_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        switch engine {
        case .sqlite:
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-tests", isDirectory: true)
            return .sqlite(path: dir.appendingPathComponent("\(name).sqlite").path)
        case .postgres:
            guard let base = ProcessInfo.processInfo.environment["WORLDLAYER_TEST_POSTGRES_URL"], var c = URLComponents(string: base) else {
                throw StoreError.unavailable("WORLDLAYER_TEST_POSTGRES_URL is not set")
            }
            let admin = try Store.open(try DatabaseURL(parsing: base), logger: quietLogger)
            try await admin.withConnection { db in try await db.raw("CREATE DATABASE \(unsafeRaw: String(name))").run() }
            try await admin.close()
            c.path = "/\(name)"
            return try DatabaseURL(parsing: c.string!)
        }
    }

    /// An empty, migrated store.
    public static func make(_ engine: Store.Engine) async throws -> Store {
        let store = try Store.open(try await makeURL(engine), logger: quietLogger)
        try await store.migrate()
        return store
    }

    public static var quietLogger: Logger {
        var logger = Logger(label: "worldlayer.test")
        logger.logLevel = .error
        return logger
    }
}

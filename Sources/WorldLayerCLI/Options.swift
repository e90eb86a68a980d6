import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerStore

enum WorldLayerVersionText {
    static var text: String { "worldlayer \(WorldLayerVersion.current)" }
}

/// Which database to use; shared by every command that touches one (and the bench tool's).
package struct DatabaseOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .long,
        help: ArgumentHelp(
            "sqlite:PATH or postgres://user@host:port/database (also $WORLDLAYER_DATABASE).", valueName: "url"))
    package var database: String = ProcessInfo.processInfo.environment["WORLDLAYER_DATABASE"] ?? "sqlite:./data/worldlayer.sqlite"

    package func validate() throws {
        do {
            _ = try DatabaseURL(parsing: database)
        } catch {
            throw ValidationError(error.description)
        }
    }

    package var url: DatabaseURL { (try? DatabaseURL(parsing: database)) ?? .embeddedDefault }

    /// Opens and migrates the store, reporting an unreachable database in one line.
    package func openStore() async throws -> Store {
        try await openAndMigrate().store
    }

    /// Runs `body` on the opened store and closes it afterwards, whether `body` succeeds or throws.
    package func withStore<R>(_ body: (Store) async throws -> R) async throws -> R {
        let store = try await openStore()
        do {
            let result = try await body(store)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Opens the store and applies pending migrations, returning which were applied.
    package func openAndMigrate() async throws -> (store: Store, applied: [Int]) {
        let store = try Store.open(url, logger: quietLogger())
        do {
            return (store, try await store.migrate())
        } catch let error as StoreError {
            try? await store.close()
            throw CommandFailure(error.description)
        } catch {
            try? await store.close()
            throw CommandFailure("cannot reach the database at \(url)")
        }
    }
}

/// Where media files live: `serve`, `import tour`, `export tour` and `demo seed` must agree.
struct MediaOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of media files, or s3://BUCKET shared by several servers (also $WORLDLAYER_MEDIA). A bucket's endpoint and keys come from $WORLDLAYER_S3_ENDPOINT, $AWS_ACCESS_KEY_ID and $AWS_SECRET_ACCESS_KEY.",
            valueName: "path|s3://bucket"))
    var media: String = ProcessInfo.processInfo.environment["WORLDLAYER_MEDIA"] ?? "./data/media"

    @Option(
        name: .long,
        help: ArgumentHelp("With s3://, this machine's cache of the bucket (also $WORLDLAYER_MEDIA_CACHE).", valueName: "path"))
    var mediaCache: String = ProcessInfo.processInfo.environment["WORLDLAYER_MEDIA_CACHE"] ?? "./data/media-cache"

    func library() throws -> MediaLibrary { try Self.library(media, cache: mediaCache) }

    /// The library at `address`: a folder, or an `s3://` bucket cached in `cache`.
    static func library(_ address: String, cache: String) throws -> MediaLibrary {
        do {
            guard let bucket = try S3Bucket.fromEnvironment(address) else { return MediaLibrary(root: URL(fileURLWithPath: address)) }
            return MediaLibrary(root: URL(fileURLWithPath: cache), bucket: bucket)
        } catch let problem as S3Bucket.ConfigurationProblem {
            throw CommandFailure(problem.description)
        }
    }
}

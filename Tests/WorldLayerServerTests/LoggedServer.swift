import Foundation
import HummingbirdTesting
import Logging
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Runs the real app on SQLite with every log line it writes at `level` and above kept as text.
func withLoggedServer(level: Logger.Level, _ test: @escaping @Sendable (API, LogLines) async throws -> Void) async throws {
    let lines = LogLines()
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.database = try await ScratchDatabase.makeURL(.sqlite)
    configuration.bcryptCost = 4
    configuration.logLevel = level
    let app = try await buildApplication(configuration, logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
    try await app.test(.live) { client in try await test(API(client: client), lines) }
}

/// Every log line with its metadata, as text.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}

struct RecordingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.message) \(metadata.merging(event.metadata ?? [:]) { $1 })")
    }
}

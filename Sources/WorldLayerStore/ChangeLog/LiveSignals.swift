import Foundation
import Logging
import NIOPosix
import PostgresKit
import SQLKit

/// Marks, within one transaction, that it wrote change-log entries, so the store can
/// signal its live hub right after the commit.
final class TransactionNotes: @unchecked Sendable {
    @TaskLocal static var current: TransactionNotes?
    private let lock = NSLock()
    private var appended = false

    var appendedEvents: Bool { lock.withLock { appended } }
    func markEvents() { lock.withLock { appended = true } }
}

extension ChangeLog {
    /// Yields after each commit in this process that wrote change-log entries.
    public var localCommits: AsyncStream<Void> { store.commitSignal.stream }

    /// Calls `onChange` each time any server commits change-log entries, until cancelled.
    /// On PostgreSQL this is `LISTEN` on a connection of its own (reconnecting after
    /// failures); on SQLite there is one process, whose commits `localCommits` reports.
    public func listenForCommits(_ onChange: @escaping @Sendable () async -> Void) async {
        guard case .postgres(let text) = store.url, let configuration = try? SQLPostgresConfiguration(url: text) else { return }
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration.coreConfiguration, id: 0, logger: logger)
                defer { Task { try? await connection.close() } }
                try await connection.listen(on: Self.liveChannel) { notifications in
                    // Anything committed while connecting is picked up by the first wake.
                    await onChange()
                    for try await _ in notifications { await onChange() }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "live listener lost its PostgreSQL connection; retrying", metadata: ["error": "\(String(reflecting: error))"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}

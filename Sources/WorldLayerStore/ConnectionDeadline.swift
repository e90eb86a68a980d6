import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Work on one PostgreSQL connection that must answer within a deadline. When PostgreSQL restarts
/// under load, PostgresNIO can leave a query on a dropped connection waiting for ever (seen: a few
/// requests in a hundred held until their clients gave up, one even after the connection was
/// closed), holding the request and its pooled connection. Past the deadline the work fails as
/// unavailable (a 503 the client retries), the connection is closed and given back to the pool,
/// which drops it; the stuck call is left to end whenever it does.
enum ConnectionDeadline {
    static func run<R: Sendable>(
        on connection: PostgresConnection, within deadline: TimeAmount, release: @escaping @Sendable () -> Void, logger: Logger,
        _ work: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        let once = Once(release)
        return try await withCheckedThrowingContinuation { (answer: CheckedContinuation<R, any Error>) in
            let watchdog = connection.eventLoop.scheduleTask(in: deadline) {
                guard once.settle() else { return }
                logger.warning(
                    "a database call did not answer in time; its connection is closed",
                    metadata: ["seconds": "\(deadline.nanoseconds / 1_000_000_000)"])
                answer.resume(throwing: StoreError.unavailable("the database did not answer in time"))
                connection.close().whenComplete { _ in once.release() }
            }
            Task {
                let result: Result<R, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                watchdog.cancel()
                once.release()
                if once.settle() { answer.resume(with: result) }
            }
        }
    }

    /// Who answers first (the work or the watchdog), and the connection given back exactly once.
    private final class Once: Sendable {
        private let settled = Atomic<Bool>(false), released = Atomic<Bool>(false)
        private let giveBack: @Sendable () -> Void
        init(_ giveBack: @escaping @Sendable () -> Void) { self.giveBack = giveBack }
        /// True for the first caller only.
        func settle() -> Bool { !settled.exchange(true, ordering: .acquiringAndReleasing) }
        func release() { if !released.exchange(true, ordering: .acquiringAndReleasing) { giveBack() } }
    }
}

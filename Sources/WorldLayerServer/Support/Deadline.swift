import Foundation

/// Work that did not finish within its deadline (``withDeadline(_:_:)``).
struct DeadlineExceeded: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "no answer within \(limit)" }
}

/// Returns `work`'s result, or throws ``DeadlineExceeded`` after `limit`, whichever comes first;
/// work that comes back later is dropped. A cancelled caller cancels the work, and is answered by
/// it (cancelled at once, when it heeds cancellation) or at the deadline.
///
/// The work runs in a task of its own, not a child, because a child would hold its group open:
/// a PostgreSQL query sent as the network to the database was cut never answered (the live hub
/// waited on it for good, and the server's shutdown on the hub; DatabaseOutageTests, 1 run in 5).
/// It is not dropped at the caller's cancellation: a read still holding a pooled connection when
/// the store closed was freed unclosed, which SQLite's driver traps on.
func withDeadline<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = Outcome<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            outcome.wait(continuation)
            outcome.run(
                worker: Task { outcome.finish(with: await Result { try await work() }) },
                timer: Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }  // cancelled: the work came back
                    outcome.finish(with: .failure(DeadlineExceeded(limit: limit)))
                })
        }
    } onCancel: {
        outcome.cancelWork()
    }
}

/// The first of several results, handed to one waiting continuation once.
private final class Outcome<T: Sendable>: @unchecked Sendable {  // every field under `lock`
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var result: Result<T, any Error>?
    private var worker: Task<Void, Never>?
    private var deadline: Task<Void, Never>?
    private var cancelled = false

    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = lock.withLock {
            if let result { return result }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// The tasks doing the work and ending the wait at its deadline; the timer is cancelled once
    /// something else ended the wait (no sleeper left behind), the worker if the caller was cancelled.
    func run(worker: Task<Void, Never>, timer: Task<Void, Never>) {
        let (done, cancelled) = lock.withLock {
            (self.worker, deadline) = (worker, timer)
            return (result != nil, self.cancelled)
        }
        if done { timer.cancel() }
        if cancelled { worker.cancel() }
    }

    func cancelWork() {
        let worker = lock.withLock {
            cancelled = true
            return self.worker
        }
        worker?.cancel()
    }

    func finish(with result: Result<T, any Error>) {
        let (waiting, timer): (CheckedContinuation<T, any Error>?, Task<Void, Never>?) = lock.withLock {
            guard self.result == nil else { return (nil, nil) }
            self.result = result
            defer { continuation = nil }
            return (continuation, deadline)
        }
        timer?.cancel()
        waiting?.resume(with: result)
    }
}

extension Result where Failure == any Error {
    /// The outcome of async work, as `Result(catching:)` is of synchronous work.
    fileprivate init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

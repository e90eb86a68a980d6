import Foundation

/// Runs blocking work (a process run, socket reads) on a thread of its own. The tests' async work
/// shares a cooperative pool of one thread per core (two here), and a few blocked calls on it would
/// starve everything else, the in-process server that must answer them among it.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

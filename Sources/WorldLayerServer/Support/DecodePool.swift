import Dispatch
import Foundation
import HTTPTypes

/// Runs CPU-heavy work (decoding and matching camera frames) off Swift's cooperative threads, a few
/// at a time, with a short queue: a burst of pictures then waits or is turned away with a 503,
/// and the rest of the server (health checks, logins, the live socket) keeps a core.
actor DecodePool {
    /// Its name on `/metrics` (`worldlayer_decode_running{pool="scenes"}`).
    let name: String
    let width: Int
    let queueLimit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let queue = DispatchQueue(label: "worldlayer.decode", attributes: .concurrent)

    /// One fewer at a time than there are cores (at least one), and as many waiting as running, twice over.
    init(_ name: String, width: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), queueLimit: Int? = nil) {
        self.name = name
        self.width = width
        self.queueLimit = queueLimit ?? 2 * width
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await acquire()
        let result = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
        release()
        return result
    }

    private func acquire() async throws {
        if running < width {
            running += 1
            CacheMetrics.pool(name, running: running, waiting: waiting.count)
            return
        }
        guard waiting.count < queueLimit else {
            CacheMetrics.refused(name)
            throw APIError(
                .busy, message: "the server is recognizing other frames; send this one again in a moment",
                headers: [.retryAfter: "1"])
        }
        // The releasing task hands its slot straight over, so `running` stays as it is.
        await withCheckedContinuation {
            waiting.append($0)
            CacheMetrics.pool(name, running: running, waiting: waiting.count)
        }
    }

    private func release() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        CacheMetrics.pool(name, running: running, waiting: waiting.count)
    }
}

import Foundation

/// Rings after every pass of the live hub over the change log, so that an HTTP long-poll
/// (`GET /v1/changes?wait=…`) can sleep until something was committed instead of asking again.
///
/// A waiter passes the ring count it read before it looked at the log; a ring in between
/// wakes it at once, so no commit falls between its look and its sleep.
actor ChangeBell {
    private(set) var rings: UInt64 = 0
    /// Each waiter with the timer that lets it go at its timeout (cancelled when a ring comes first).
    private var waiters: [UUID: (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>)] = [:]

    func ring() {
        rings &+= 1
        let woken = waiters
        waiters = [:]
        for waiter in woken.values {
            waiter.timer.cancel()
            waiter.continuation.resume()
        }
    }

    /// Returns at the first ring after `mark`, or after `timeout`, whichever comes first.
    func wait(after mark: UInt64, upTo timeout: Duration) async {
        guard rings == mark, timeout > .zero else { return }
        let id = UUID()
        await withCheckedContinuation { continuation in
            // The timer's release runs on this actor, so only after the waiter is registered here.
            let timer = Task {
                try? await Task.sleep(for: timeout)
                await self.release(id)
            }
            waiters[id] = (continuation, timer)
        }
    }

    private func release(_ id: UUID) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }
}

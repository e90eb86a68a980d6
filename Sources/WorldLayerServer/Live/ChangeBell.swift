import Foundation
import HTTPTypes

/// Rings after every pass of the live hub over the change log, so that an HTTP long-poll
/// (`GET /v1/changes?wait=…`) can sleep until something was committed in its cells instead of
/// asking again.
///
/// A waiter passes the ring count it read before it looked at the log; a ring in between wakes it
/// at once, so no commit falls between its look and its sleep. A ring names the cells its pass
/// touched and wakes only the waiters on them (nil, for a change of who may see what, wakes all):
/// 8,000 polls each re-querying on every commit once made the server answer in 7.7 s. A waiter
/// whose client hangs up is let go at once, and the polls held per address and per account are
/// counted (issue 52, finding 4).
actor ChangeBell {
    private struct Waiter {
        var continuation: CheckedContinuation<Void, Never>
        /// Lets it go at its timeout; cancelled when a ring or the hang-up comes first.
        var timer: Task<Void, Never>
        var cells: Set<String>
        /// Its client's connection, which it stops observing when it wakes.
        var hangUp: HangUpHandler?
    }

    private(set) var rings: UInt64 = 0
    /// Cells touched by each of the latest rings, so that a waiter that read the count before a ring
    /// on other cells sleeps on (nil: everyone's).
    private var recent: [(ring: UInt64, cells: Set<String>?)] = []
    private var waiters: [UUID: Waiter] = [:]
    private var held: [String: Int] = [:]
    nonisolated let limits: LongPollLimits

    init(limits: LongPollLimits = LongPollLimits()) { self.limits = limits }

    /// Wakes the waiters on any of `cells`, or every waiter when `cells` is nil.
    func ring(cells: Set<String>?) {
        rings &+= 1
        recent.append((rings, cells))
        if recent.count > 64 { recent.removeFirst(recent.count - 64) }
        for (id, waiter) in waiters where cells.map({ !$0.isDisjoint(with: waiter.cells) }) ?? true { release(id) }
    }

    /// Returns at the first ring on `cells` after `mark`, when the client hangs up, or after
    /// `timeout`, whichever comes first.
    func wait(after mark: UInt64, cells: Set<String>, upTo timeout: Duration, hangUp: HangUpHandler?) async {
        guard timeout > .zero, !rangSince(mark, on: cells) else { return }
        let id = UUID()
        await withCheckedContinuation { continuation in
            // The releases run on this actor, so only after the waiter is registered here.
            let timer = Task {
                try? await Task.sleep(for: timeout)
                await self.release(id)
            }
            waiters[id] = Waiter(continuation: continuation, timer: timer, cells: cells, hangUp: hangUp)
            hangUp?.observe(id) { Task { await self.release(id) } }
        }
    }

    /// Whether a ring after `mark` touched `cells` (or the rings since have been forgotten).
    private func rangSince(_ mark: UInt64, on cells: Set<String>) -> Bool {
        guard rings != mark else { return false }
        guard let oldest = recent.first, oldest.ring <= mark &+ 1 else { return true }
        return recent.contains { $0.ring > mark && ($0.cells.map { !$0.isDisjoint(with: cells) } ?? true) }
    }

    private func release(_ id: UUID) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.timer.cancel()
        waiter.hangUp?.forget(id)
        waiter.continuation.resume()
    }

    /// Takes a place for one poll under each key (`address:…`, `account:…`), or none and throws a
    /// 429 when one of them holds its limit already. Give it back with ``leave(_:)``.
    func enter(_ keys: [(key: String, limit: Int)]) throws {
        if let full = keys.first(where: { held[$0.key, default: 0] >= $0.limit }) {
            throw APIError(
                .rateLimited,
                message:
                    "\(full.limit) waiting requests for changes at once at most; subscribe over the live socket, or wait for one to answer",
                headers: [.retryAfter: "5"])
        }
        for (key, _) in keys { held[key, default: 0] += 1 }
    }

    func leave(_ keys: [(key: String, limit: Int)]) {
        for (key, _) in keys {
            held[key, default: 1] -= 1
            if held[key] == 0 { held[key] = nil }
        }
    }
}

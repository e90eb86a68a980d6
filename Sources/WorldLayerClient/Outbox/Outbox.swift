import Foundation
import WorldLayerAPI

/// Writes made on the device, kept on disk until the server has them, sent in the order they were
/// made. An app puts every write here (``enqueue(_:)``), offline or not, and keeps ``run(backoff:)`` going;
/// what became of each write comes out of ``outcomes``.
///
/// - Nothing is lost: a write is on disk before `enqueue` returns, and leaves the disk only once
///   the server answered it.
/// - Nothing is applied twice: every write carries the id the device made for it, and the server
///   answers a repeat with what it did the first time.
/// - Nothing is silently overwritten: an edit based on a stale version comes back as
///   ``WriteOutcome/conflict(_:current:)`` with what the server has now.
public actor Outbox {
    private let world: WorldLayer
    private let file: OutboxFile
    private var queue: [QueuedWrite]
    private let outcomeStream: (stream: AsyncStream<WriteOutcome>, continuation: AsyncStream<WriteOutcome>.Continuation)
    private var wakeUp: CheckedContinuation<Void, Never>?

    /// What became of each write, in the order they were made.
    public nonisolated var outcomes: AsyncStream<WriteOutcome> { outcomeStream.stream }

    /// Opens the outbox kept in `file`, with whatever an earlier run left in it.
    public init(world: WorldLayer, file: URL) throws(WorldLayerError) {
        self.world = world
        self.file = OutboxFile(url: file)
        do { queue = try self.file.load() } catch { throw .localStorage("the outbox \(file.path) cannot be read: \(error)") }
        outcomeStream = AsyncStream.makeStream(of: WriteOutcome.self)
    }

    /// The writes the server does not have yet, oldest first.
    public var pending: [QueuedWrite] { queue }

    /// Keeps a write on disk, to be sent in turn. Returns once it is on disk.
    @discardableResult
    public func enqueue(_ write: PendingWrite) throws(WorldLayerError) -> QueuedWrite {
        let queued = QueuedWrite(id: UUID(), write: write, madeAt: Date(), failedAttempts: 0)
        try persist(queue + [queued])
        wakeUp?.resume()
        wakeUp = nil
        return queued
    }

    /// Sends what is queued, in order, until the queue is empty (true) or the server cannot be
    /// reached (false; the write stays first in line).
    @discardableResult
    public func flush() async -> Bool {
        while let head = queue.first {
            let outcome: WriteOutcome
            do {
                outcome = try await send(head)
            } catch  where error.isTransient {
                queue[0].failedAttempts += 1
                try? persist(queue)
                return false
            } catch {
                outcome = .refused(head, error.refusal ?? Refusal(status: 0, code: "unexpected_answer", message: error.description))
            }
            do { try persist(Array(queue.dropFirst())) } catch { return false }
            outcomeStream.continuation.yield(outcome)
        }
        return true
    }

    /// Flushes whenever there is something to send, waiting `backoff` between failed tries, until
    /// the task is cancelled.
    public func run(backoff: Backoff = Backoff()) async {
        var random = SystemRandomNumberGenerator()
        var failures = 0
        while !Task.isCancelled {
            if await flush() {
                failures = 0
                await withTaskCancellationHandler {
                    await withCheckedContinuation { wakeUp = $0 }
                } onCancel: {
                    Task { await self.resumeWaiting() }
                }
            } else {
                failures += 1
                try? await Task.sleep(for: backoff.delay(after: failures, using: &random))
            }
        }
    }

    /// Tries again now (the app learned that the network is back).
    public func retryNow() { resumeWaiting() }

    private func resumeWaiting() {
        wakeUp?.resume()
        wakeUp = nil
    }

    private func persist(_ newQueue: [QueuedWrite]) throws(WorldLayerError) {
        do { try file.save(newQueue) } catch { throw .localStorage("the outbox \(file.url.path) cannot be written: \(error)") }
        queue = newQueue
    }

    /// Sends one write; a repeat of something already done counts as done.
    private func send(_ queued: QueuedWrite) async throws(WorldLayerError) -> WriteOutcome {
        do throws(WorldLayerError) {
            switch queued.write {
            case .saveSticker(let id, let draft):
                try await world.stickers.save(id: id, draft)
            case .placeSticker(let id, let version):
                do throws(WorldLayerError) {
                    try await world.stickers.place(id: id, version: version)
                } catch let error where error.refusal?.code == "invalid_transition" {
                    // Placed already by an earlier try whose answer was lost? Then it is done.
                    guard try await world.stickers.get(id: id).state == .published else { throw error }
                }
            case .deleteSticker(let id):
                try await world.stickers.delete(id: id)
            case .askQuestion(let group, let id, let text, let email):
                try await world.tours.ask(group: group, text, email: email, id: id)
            case .reportPosition(let tour, let latitude, let longitude, let accuracy, let beacon, let recordedAt):
                // A repeat after a lost answer is at the same time as the last believed one: harmless.
                let point = latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } }
                _ = try await world.tours.report(tour: tour, at: point, accuracy: accuracy, beacon: beacon, recordedAt: recordedAt)
            }
            return .applied(queued)
        } catch let error where error.refusal?.isVersionConflict == true {
            guard let current = error.refusal?.current(as: Sticker.self) else { throw error }
            return .conflict(queued, current: current)
        }
    }
}

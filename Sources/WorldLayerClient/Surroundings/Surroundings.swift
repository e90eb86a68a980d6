import Foundation
import WorldLayerAPI
import WorldLayerGeo

/// What is around a person now: the stickers of the cells kept current for them.
public struct Around: Sendable {
    public var position: Coordinate
    /// Every visible sticker in the watched cells, by id.
    public var stickers: [String: Sticker]
    public var cells: Set<CellID>
    /// The server's change-log position this view is current to.
    public var seq: Int
}

/// Keeps the stickers around a walking person current, and publishes them as one stream.
///
/// Give it positions (``move(to:)``) and keep ``run()`` going. It watches the cells within view
/// distance and those the walker is heading into (``WatchedCells``), loads a cell's whole state
/// when it first comes into the set, and otherwise long-polls the changes feed
/// (`GET /v1/changes?since=…&wait=…`) for everything that happens in the set. After a dropped
/// connection it resumes from its last sequence number; after an absence longer than the server's
/// log keeps, the server answers with the whole state instead, and the view is rebuilt from it.
public actor Surroundings {
    private let world: WorldLayer
    private let watch: WatchedCells
    private let backoff: Backoff
    /// Seconds a poll waits on the server for something to happen.
    private let pollWait: Int
    private var position: Coordinate?
    private var lastFix: (position: Coordinate, at: ContinuousClock.Instant)?
    private var cells: Set<CellID> = []
    private var loaded: Set<CellID> = []
    private var stickers: [String: Sticker] = [:]
    private var seq: Int?
    /// The poll in flight, cut short when the person moves into other cells.
    private var inFlight: Task<CellChanges, any Error>?
    /// The wait before the next try after a failure, cut short by ``retryNow()``.
    private var nap: Task<Void, Never>?
    private let stream = AsyncStream.makeStream(of: Around.self, bufferingPolicy: .bufferingNewest(1))

    /// Every new view of what is around, newest only when the reader is slower than the changes.
    public nonisolated var updates: AsyncStream<Around> { stream.stream }

    public init(world: WorldLayer, watching watch: WatchedCells = WatchedCells(), backoff: Backoff = Backoff(), pollWait: Int = 25) {
        self.world = world
        self.watch = watch
        self.backoff = backoff
        self.pollWait = pollWait
    }

    /// The person is here now. When the watched cells change, a waiting poll is cut short so the
    /// new cells are loaded at once.
    public func move(to here: Coordinate) {
        let now = ContinuousClock.now
        let previous = lastFix.map { (position: $0.position, elapsed: $0.at.duration(to: now)) }
        // Pace from fixes at least a few seconds apart; closer ones say more about GPS noise than speed.
        if lastFix == nil || previous!.elapsed >= .seconds(3) { lastFix = (here, now) }
        position = here
        let next = watch.cells(at: here, previous: previous)
        guard next != cells else { return }
        cells = next
        inFlight?.cancel()
    }

    /// The current view.
    public var now: Around? {
        position.map { Around(position: $0, stickers: stickers, cells: cells, seq: seq ?? 0) }
    }

    /// Keeps the view current until cancelled.
    public func run() async {
        var random = SystemRandomNumberGenerator()
        var failures = 0
        while !Task.isCancelled {
            guard !cells.isEmpty else {
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            do {
                try await catchUp()
                failures = 0
            } catch {
                // Unreachable, or refused: wait, then start again from the current cells and sequence number.
                if Task.isCancelled { return }
                failures += 1
                await pause(backoff.delay(after: failures, using: &random))
            }
        }
    }

    /// Tries again now (the app learned that the network is back).
    public func retryNow() {
        nap?.cancel()
    }

    private func pause(_ duration: Duration) async {
        let nap = Task { _ = try? await Task.sleep(for: duration) }
        self.nap = nap
        await withTaskCancellationHandler {
            await nap.value
        } onCancel: {
            nap.cancel()
        }
    }

    /// Loads the cells that came into view, then waits for the next changes in all of them.
    private func catchUp() async throws {
        let watched = cells
        let fresh = watched.subtracting(loaded)
        if !fresh.isEmpty {
            let state = try await world.stickers.changes(in: fresh.sorted(), since: nil)
            apply(state, replacing: fresh)
            // The older position stays, so nothing that happened in the other cells is skipped;
            // what the replay repeats in the new cells is applied by version, harmlessly.
            seq = min(seq ?? state.seq, state.seq)
            loaded.formUnion(fresh)
        }
        forget(outside: watched)
        publish()
        let since = seq
        let wait = pollWait
        let task = Task { [world] in try await world.stickers.changes(in: watched.sorted(), since: since, wait: wait) }
        inFlight = task
        let answer: CellChanges
        do {
            answer = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch  where watched != cells {
            return  // cut short by a move: start again with the new cells
        }
        guard watched == cells else { return }  // moved meanwhile: the answer is for the old cells
        apply(answer, replacing: watched)
        seq = answer.seq
        forget(outside: watched)
        publish()
    }

    private func apply(_ answer: CellChanges, replacing replaced: Set<CellID>) {
        if answer.reset {
            let names = Set(replaced.map(\.description))
            stickers = stickers.filter { !names.contains($0.value.cell) }
            for sticker in answer.stickers ?? [] { stickers[sticker.id] = sticker }
            return
        }
        for change in answer.changes ?? [] {
            switch change.event {
            case .deleted:
                stickers[change.stickerId] = nil
            case .created, .updated:
                guard let sticker = change.sticker else { continue }
                if let known = stickers[sticker.id], known.version > sticker.version { continue }
                stickers[sticker.id] = sticker
            }
        }
    }

    private func forget(outside watched: Set<CellID>) {
        loaded.formIntersection(watched)
        let names = Set(watched.map(\.description))
        stickers = stickers.filter { names.contains($0.value.cell) }
    }

    private func publish() {
        if let now { stream.continuation.yield(now) }
    }
}

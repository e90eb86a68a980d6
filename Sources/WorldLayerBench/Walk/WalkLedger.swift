import Foundation
import WorldLayerClient
import WorldLayerCore

/// What happened on a rehearsed walk, as it happened: which stickers exist where and since when,
/// which changes the walker should see and when it did, when the network was down, and whether
/// each sticker was on screen when it came within view distance.
actor WalkLedger {
    typealias Instant = ContinuousClock.Instant

    /// A sticker someone else published, as the walker should come to see it.
    private struct Published {
        var position: Coordinate
        var publishedAt: Instant
        var deletedAt: Instant?
        var entered = false
    }

    /// A change made where the walker was watching, not yet in the walker's view.
    private struct Awaited {
        var stickerID: String
        var cell: String
        /// The version the view must reach; nil for a deletion (the sticker must be gone).
        var version: Int?
        var madeAt: Instant
    }

    /// The time a sticker must have been published before it comes into view, to count as a pop-out
    /// when it is missing then; anything fresher could not have reached any client yet.
    static let settleTime = Duration.seconds(2)

    let viewDistance: Double
    private var others: [String: Published] = [:]
    private var awaited: [Awaited] = []
    private var drops: [(start: Instant, end: Instant?)] = []
    private(set) var figures = WalkFigures()

    init(viewDistance: Double) { self.viewDistance = viewDistance }

    // MARK: the network

    func networkWentDown(at now: Instant) { drops.append((now, nil)) }

    func networkCameBack(at now: Instant) {
        if let last = drops.indices.last { drops[last].end = now }
    }

    /// Whether the network was down at any moment between `start` and `end`.
    private func dropped(between start: Instant, and end: Instant) -> Bool {
        drops.contains { drop in drop.start <= end && (drop.end ?? end) >= start }
    }

    // MARK: the other person's changes

    /// Someone else published a sticker (or edited it to `version`); `watched` is what the walker
    /// was keeping current at that moment.
    func published(
        _ id: String, cell: String, version: Int, at position: Coordinate, watched: Set<CellID>, now: Instant, isEdit: Bool
    ) {
        if isEdit { figures.edited += 1 } else { figures.placedByOthers += 1 }
        // An edit unpublishes and places again: count from the latest placing, conservatively.
        if others[id] == nil || isEdit {
            others[id] = Published(position: position, publishedAt: now, entered: others[id]?.entered ?? false)
        }
        expect(id, cell: cell, version: version, watched: watched, now: now)
    }

    func deleted(_ stickerID: String, cell: String, watched: Set<CellID>, now: Instant) {
        figures.deleted += 1
        others[stickerID]?.deletedAt = now
        expect(stickerID, cell: cell, version: nil, watched: watched, now: now)
    }

    private func expect(_ id: String, cell: String, version: Int?, watched: Set<CellID>, now: Instant) {
        // Only a change inside the watched cells measures the live path; elsewhere it arrives with its cell.
        guard watched.contains(where: { $0.description == cell }) else { return }
        awaited.removeAll { $0.stickerID == id }
        awaited.append(Awaited(stickerID: id, cell: cell, version: version, madeAt: now))
    }

    // MARK: the walker

    /// A new view of what is around the walker: resolves the changes it now shows.
    func saw(_ view: Around, at now: Instant) {
        let cells = Set(view.cells.map(\.description))
        awaited.removeAll { change in
            guard cells.contains(change.cell) else {
                figures.leftBehind += 1  // walked away from it before it arrived; nothing to show any more
                return true
            }
            let shown = view.stickers[change.stickerID]
            let arrived = change.version.map { version in (shown?.version ?? 0) >= version } ?? (shown == nil)
            guard arrived else { return false }
            let seconds = change.madeAt.duration(to: now).inSeconds
            if dropped(between: change.madeAt, and: now) {
                figures.latencyAcrossDrops.append(seconds)
            } else {
                figures.latency.append(seconds)
            }
            return true
        }
    }

    /// The walker is at `position` with `view` on screen: every sticker that just came within view
    /// distance should be in it, unless it is too fresh to have reached anyone.
    func walker(at position: Coordinate, showing view: Around?, now: Instant) {
        for (id, sticker) in others where !sticker.entered {
            guard Geodesic.wgs84.inverse(position, sticker.position).distance <= viewDistance else { continue }
            others[id]?.entered = true
            guard sticker.deletedAt == nil, sticker.publishedAt.duration(to: now) >= Self.settleTime else { continue }
            let shown = view?.stickers[id] != nil
            if dropped(between: sticker.publishedAt, and: now) {
                figures.cameIntoViewAcrossDrops += 1
                if !shown { figures.popOutsAcrossDrops += 1 }
            } else {
                figures.cameIntoView += 1
                if !shown { figures.popOuts += 1 }
            }
        }
    }

    /// Changes the walker was watching for and never saw.
    var unseen: Int { awaited.count }

}

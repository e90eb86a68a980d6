import Foundation
import WorldLayerCore

/// Recently read stickers, keyed by id and valid only for the version they were read
/// at: a changed sticker has a new version, so a stale entry is never served. Decoding
/// the JSON body was the largest cost of a nearby query, and places people look at are
/// looked at again.
///
/// Two generations approximate least-recently-used without per-hit bookkeeping: when
/// the young one fills up it becomes the old one and the previous old one is dropped;
/// a hit in the old generation moves the entry back to the young one.
final class StickerBodyCache: @unchecked Sendable {
    private let lock = NSLock()
    private var young: [Sticker.ID: Sticker] = [:]
    private var old: [Sticker.ID: Sticker] = [:]
    private let generation: Int

    init(capacity: Int = 20_000) { generation = capacity / 2 }

    /// Stickers held in both generations.
    var count: Int { lock.withLock { young.count + old.count } }

    func sticker(_ id: Sticker.ID, version: Int) -> Sticker? {
        var dropped: [Sticker.ID: Sticker] = [:]
        defer { _ = dropped }  // released outside the lock
        return lock.withLock {
            if let s = young[id] { return s.version == version ? s : nil }
            guard let s = old.removeValue(forKey: id), s.version == version else { return nil }
            dropped = add(s)
            return s
        }
    }

    func insert(_ s: Sticker) {
        var dropped: [Sticker.ID: Sticker] = [:]
        lock.withLock { dropped = add(s) }
        _ = dropped
    }

    /// Adds to the young generation; returns the generation that was let go, if any.
    private func add(_ s: Sticker) -> [Sticker.ID: Sticker] {
        young[s.id] = s
        guard young.count >= generation else { return [:] }
        let dropped = old
        old = young
        // Sized for a whole generation at once, rather than grown through a dozen rehashes.
        young = Dictionary(minimumCapacity: generation)
        return dropped
    }
}

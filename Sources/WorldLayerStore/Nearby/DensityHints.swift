import Foundation
import WorldLayerGeo

/// How densely stickers lay around recent searches, per cell: where a nearby search should
/// start its circle without first counting index entries (a round trip on every query).
///
/// A hint only sizes the first circle; the search still grows it until a page is full, so a
/// stale or missing hint costs time, never a wrong answer. Each search leaves a fresh hint
/// from the rows it read. Bounded: when full, it starts over.
final class DensityHints: @unchecked Sendable {
    private let lock = NSLock()
    /// What the last search around a cell read: rows, and the radius of its box (2r × 2r).
    struct Hint {
        var rows: Int
        var radius: Double
        /// Stickers per square metre.
        var density: Double { Double(rows) / (4 * radius * radius) }
    }

    private var perCell: [CellID: Hint] = [:]
    private let capacity: Int

    init(capacity: Int = 100_000) { self.capacity = capacity }

    func hint(at cell: CellID) -> Hint? {
        lock.withLock { perCell[cell] }
    }

    func record(_ rows: Int, inBoxOfRadius r: Double, at cell: CellID) {
        lock.withLock {
            if perCell.count >= capacity, perCell[cell] == nil { perCell.removeAll(keepingCapacity: true) }
            perCell[cell] = Hint(rows: rows, radius: r)
        }
    }
}

import Foundation
import WorldLayerGeo

/// Where the R*Tree and Redis peers start a search: sized from the density the last search around
/// the same cell met, as WorldLayer's own search sizes its first circle (`DensityHints` in the store),
/// instead of from 10 m, which at 10 M stickers in a city holds thousands and takes several steps to
/// grow past nothing. Both sides learn in the same warm-up queries. Each client keeps its own, as a
/// client library would.
final class NearbyPeerHints: @unchecked Sendable {
    /// The reach a search ended at, and how many rows it met there.
    private struct Hint {
        var reach: Double
        var rows: Int
    }

    private let lock = NSLock()
    private var perCell: [CellID: Hint] = [:]
    /// Rows the first search should meet: the R*Tree reads every row of a box (three pages, as
    /// WorldLayer aims for); Redis gathers and sorts every member of its circle, so a page and a half.
    private let aim: Double
    /// The most rows a search reports (Redis answers at most its `COUNT`), or nil: every row it met.
    private let cap: Int?

    init(aim: Double, cap: Int? = nil) {
        self.aim = aim
        self.cap = cap
    }

    /// The first reach for a search within `radius` around `center`; 10 m where no search has been.
    func firstReach(around center: Coordinate, radius: Double) -> Double {
        guard let hint = lock.withLock({ perCell[CellGrid.cell(containing: center)] }) else { return min(radius, 10) }
        guard hint.rows > 0 else { return min(radius, max(10, hint.reach)) }
        // A capped count says only "at least": scaled as a density it would grow the start on every
        // search (it did, to whole kilometres). Start a little inside it instead, so that a search
        // soon meets fewer than the cap and learns the density again.
        if let cap, hint.rows >= cap { return min(radius, max(0.5, hint.reach * 0.9)) }
        return min(radius, max(0.5, hint.reach * (aim / Double(hint.rows)).squareRoot()))
    }

    func record(rows: Int, reach: Double, around center: Coordinate) {
        lock.withLock { perCell[CellGrid.cell(containing: center)] = Hint(reach: reach, rows: rows) }
    }
}

import Foundation
import WorldLayerCore
import WorldLayerGeo

/// Which cells to keep current for a person at a place: every cell within view distance plus a
/// margin all round, and the cells within view distance of where they will be `lookahead` from
/// now at their current pace, so that content arrives before it comes into view.
public struct WatchedCells: Sendable, Hashable {
    /// How far the app shows content, metres.
    public var viewDistance: Double
    /// Metres beyond the view distance kept current all round.
    public var margin: Double
    /// How far ahead in time the walker's path is loaded.
    public var lookahead: Duration

    public init(viewDistance: Double = 100, margin: Double = 60, lookahead: Duration = .seconds(60)) {
        self.viewDistance = viewDistance
        self.margin = margin
        self.lookahead = lookahead
    }

    /// The cells for a walker at `position`, who was at `previous` `elapsed` ago (if known).
    public func cells(at position: Coordinate, previous: (position: Coordinate, elapsed: Duration)? = nil) -> Set<CellID> {
        var cells = Set(Self.cover(position, radius: viewDistance + margin))
        if let previous, previous.elapsed > .zero {
            let step = Geodesic.wgs84.inverse(previous.position, position)
            let speed = step.distance / previous.elapsed.inSeconds
            let ahead = min(speed * lookahead.inSeconds, 2_000)
            if step.distance > 0.5, ahead > margin {
                let there = Geodesic.wgs84.direct(from: position, azimuth: step.finalAzimuth, distance: ahead).coordinate
                cells.formUnion(Self.cover(there, radius: viewDistance))
            }
        }
        return cells
    }

    private static func cover(_ center: Coordinate, radius: Double) -> [CellID] {
        (try? CellGrid.cover(center: center, radius: min(radius, CellGrid.maximumCoverRadius))) ?? [CellGrid.cell(containing: center)]
    }
}

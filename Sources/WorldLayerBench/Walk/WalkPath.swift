import Foundation
import WorldLayerCore
import WorldLayerGeo

/// A straight walk east at a steady pace through a given number of cells.
struct WalkPath: Sendable {
    let start: Coordinate
    let metres: Double
    let pace: Double
    let cells: Int

    /// The path from `start` that crosses exactly `cells` cells.
    init(from start: Coordinate, cells: Int, pace: Double) {
        self.start = start
        self.pace = pace
        self.cells = cells
        var crossed: Set<CellID> = [CellGrid.cell(containing: start)]
        var metres = 0.0
        let step = 2.0
        while true {
            let next = Geodesic.wgs84.direct(from: start, azimuth: 90, distance: metres + step).coordinate
            crossed.insert(CellGrid.cell(containing: next))
            if crossed.count > cells { break }
            metres += step
        }
        self.metres = metres
    }

    var duration: Duration { .seconds(metres / pace) }

    /// Metres along the path after `elapsed`.
    func distance(after elapsed: Duration) -> Double { min(metres, elapsed.inSeconds * pace) }

    /// A point `along` metres down the path and `aside` metres to its left (negative: right).
    func point(along: Double, aside: Double = 0) -> Coordinate {
        let onPath = Geodesic.wgs84.direct(from: start, azimuth: 90, distance: along).coordinate
        return Geodesic.wgs84.direct(from: onPath, azimuth: aside >= 0 ? 0 : 180, distance: abs(aside)).coordinate
    }
}

import Foundation
import WorldLayerGeo

/// A square of the world about 200 m on a side whose phones all share one scene index: the index
/// holds every scene within `reach` of the square's centre, so it holds every scene within
/// ``SceneController/searchRadius`` of any point in the square. Neighbourhoods keyed by each
/// phone's own disc gave a new index for every few steps walked (issue 52, finding 3).
struct SceneBlock: Hashable {
    static let side = 200.0
    private static let latitudeStep = side / 111_320

    let row: Int
    let column: Int

    init(containing p: Coordinate) {
        row = Int((p.latitude / Self.latitudeStep).rounded(.down))
        column = Int((p.longitude / Self.longitudeStep(row: row)).rounded(.down))
    }

    /// Degrees of longitude that make `side` metres at the middle of the row (wider near the poles).
    private static func longitudeStep(row: Int) -> Double {
        let middle = (Double(row) + 0.5) * latitudeStep
        return min(360, latitudeStep / max(cos(middle * .pi / 180), 0.01))
    }

    var centre: Coordinate {
        let step = Self.longitudeStep(row: row)
        let latitude = min(90, max(-90, (Double(row) + 0.5) * Self.latitudeStep))
        return Coordinate(latitude: latitude, longitude: ((Double(column) + 0.5) * step + 540).truncatingRemainder(dividingBy: 360) - 180)
    }

    /// From the centre to the farthest scene a phone in the block may match: half the diagonal
    /// (with room for the longitude step's change across the row), then the search radius.
    var reach: Double { Self.side * 0.75 + SceneController.searchRadius }
}

import Foundation
import WorldLayerGeo

/// Metres east and north of a point, by degree lengths at its latitude: over the few hundred
/// metres a snap or an off-route check spans, off by well under 0.1 %.
struct LocalPlane {
    static let metresPerDegreeLatitude = 111_132.954
    let origin: Coordinate
    let metresPerDegreeLongitude: Double

    init(_ origin: Coordinate) {
        self.origin = origin
        metresPerDegreeLongitude = 111_319.491 * cos(origin.latitude * .pi / 180)
    }

    func xy(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        ((longitude - origin.longitude) * metresPerDegreeLongitude, (latitude - origin.latitude) * Self.metresPerDegreeLatitude)
    }

    /// The point of segment a–b nearest the origin: how far along it (0…1) and the squared distance in m².
    func nearest(onSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (t: Double, distanceSquared: Double) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
        let (x, y) = (a.x + t * dx, a.y + t * dy)
        return (t, x * x + y * y)
    }
}

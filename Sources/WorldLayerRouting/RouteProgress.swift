import Foundation
import WorldLayerGeo

/// Where a walker is relative to the route they follow.
public struct RouteProgress: Codable, Sendable, Equatable {
    /// Metres from the walker to the nearest point of the route.
    public var distanceFromRoute: Double
    /// Metres along the route to that nearest point.
    public var along: Double
    /// Metres still to walk from there.
    public var remaining: Double
    public var offRoute: Bool

    /// The default allowance: GPS in a city wanders by 10–20 m.
    public static let defaultTolerance = 25.0

    /// Measures `position` against a route's points; off-route when farther than `tolerance`
    /// (widened by the position's own accuracy, so a poor fix does not trigger a reroute).
    public static func check(_ position: Coordinate, accuracy: Double = 0, along points: [Coordinate], tolerance: Double = defaultTolerance) -> RouteProgress {
        var best = (distance: Double.infinity, along: 0.0)
        var walked = 0.0
        let kx = 111_319.491 * cos(position.latitude * .pi / 180), ky = 111_132.954
        for (a, b) in zip(points, points.dropFirst()) {
            let ax = (a.longitude - position.longitude) * kx, ay = (a.latitude - position.latitude) * ky
            let bx = (b.longitude - position.longitude) * kx, by = (b.latitude - position.latitude) * ky
            let (dx, dy) = (bx - ax, by - ay)
            let l2 = dx * dx + dy * dy
            let t = l2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / l2)) : 0
            let d = ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
            let length = Geodesic.wgs84.inverse(a, b).distance
            if d < best.distance { best = (d, walked + t * length) }
            walked += length
        }
        if points.count == 1 { best = (Geodesic.wgs84.inverse(position, points[0]).distance, 0) }
        let allowed = tolerance + max(0, accuracy)
        return RouteProgress(distanceFromRoute: best.distance, along: best.along, remaining: max(0, walked - best.along), offRoute: best.distance > allowed)
    }
}

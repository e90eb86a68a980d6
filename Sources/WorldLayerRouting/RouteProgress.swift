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
    public static func check(_ position: Coordinate, accuracy: Double = 0, along points: [Coordinate], tolerance: Double = defaultTolerance)
        -> RouteProgress
    {
        var best = (distance: Double.infinity, along: 0.0)
        var walked = 0.0
        let plane = LocalPlane(position)
        for (a, b) in zip(points, points.dropFirst()) {
            let (t, d2) = plane.nearest(onSegment: plane.xy(a.latitude, a.longitude), plane.xy(b.latitude, b.longitude))
            let d = d2.squareRoot()
            let length = Geodesic.wgs84.inverse(a, b).distance
            if d < best.distance { best = (d, walked + t * length) }
            walked += length
        }
        if points.count == 1 { best = (Geodesic.wgs84.inverse(position, points[0]).distance, 0) }
        let allowed = tolerance + max(0, accuracy)
        return RouteProgress(
            distanceFromRoute: best.distance, along: best.along, remaining: max(0, walked - best.along), offRoute: best.distance > allowed)
    }
}

import Foundation
import WorldLayerAPI
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting

/// The walking network of an area, downloaded once and kept on the device (it is `Codable`), to
/// route and follow a route with no network: the same router as the server's, on the same ways.
public struct OfflineMap: Codable, Sendable {
    public let walkways: [Walkway]
    /// Whether the area held more ways than one download carries (then download a smaller one).
    public let truncated: Bool
    /// Built on the first walk, once per map (copies share it): building one indexes every way, 0.3 s
    /// for a city, which a map read back from disk as an app starts should not cost until a walk is asked.
    private let router = LazyRouter()

    public init(walkways: [Walkway], truncated: Bool) {
        self.walkways = walkways
        self.truncated = truncated
    }

    /// A route from one point to another on the downloaded ways, with steps and AR waypoints.
    public func walk(from: Coordinate, to: Coordinate) throws(RoutingError) -> WorldLayerRouting.Route {
        try router.router(for: walkways).route(from: from, to: to)
    }

    /// Where `position` is along `route`: how far off it, how much is left, whether to re-route.
    public func progress(at position: Coordinate, accuracy: Double = 0, along route: WorldLayerRouting.Route) -> RouteProgress {
        RouteProgress.check(position, accuracy: accuracy, along: route.geometry.points)
    }

    private enum CodingKeys: String, CodingKey { case walkways, truncated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(walkways: try c.decode([Walkway].self, forKey: .walkways), truncated: try c.decode(Bool.self, forKey: .truncated))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(walkways, forKey: .walkways)
        try c.encode(truncated, forKey: .truncated)
    }
}

/// A map's router, built by the first caller; callers meanwhile wait for that one build.
private final class LazyRouter: @unchecked Sendable {
    private let lock = NSLock()  // guards `built`
    private var built: WalkingRouter?

    func router(for walkways: [Walkway]) -> WalkingRouter {
        lock.withLock {
            if let built { return built }
            let router = WalkingRouter(walkways: walkways)
            built = router
            return router
        }
    }
}

extension Routes {
    /// Downloads the walking network within `radius` metres of `center` (at most 5 km).
    public func download(around center: Coordinate, radius: Double) async throws(WorldLayerError) -> OfflineMap {
        let r = min(max(radius, 1), 5_000)
        let north = Geodesic.wgs84.direct(from: center, azimuth: 0, distance: r).coordinate
        let east = Geodesic.wgs84.direct(from: center, azimuth: 90, distance: r).coordinate
        let query = Operations.Walkways.Input.Query(
            south: 2 * center.latitude - north.latitude, west: 2 * center.longitude - east.longitude, north: north.latitude,
            east: east.longitude)
        let collection = try await world.perform {
            switch try await world.api.walkways(query: query) {
            case .ok(let ok): return try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
        return OfflineMap(walkways: Self.walkways(collection.features), truncated: collection.truncated)
    }

    /// The ways as the router reads them. GeoJSON has no node ids; ways that meet share a point,
    /// so each distinct point gets one id.
    static func walkways(_ features: [Components.Schemas.WalkwayCollection.FeaturesPayloadPayload]) -> [Walkway] {
        var nodeIDs: [Coordinate: Int64] = [:]
        return features.compactMap { feature in
            let points = feature.geometry.coordinates.compactMap { pair in
                pair.count >= 2 ? Coordinate(latitude: pair[1], longitude: pair[0]) : nil
            }
            guard points.count >= 2, let id = Int64(feature.properties.id) else { return nil }
            let nodes = points.map { point in
                if let known = nodeIDs[point] { return known }
                let new = Int64(nodeIDs.count + 1)
                nodeIDs[point] = new
                return new
            }
            return Walkway(
                id: id, name: feature.properties.name, highway: feature.properties.highway, nodes: nodes, coordinates: points,
                underground: feature.properties.underground == .yes ? true : nil, looseSurface: feature.properties.surface)
        }
    }
}

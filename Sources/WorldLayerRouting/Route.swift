import Foundation
import WorldLayerGeo

/// A walking route as the API returns it.
public struct Route: Codable, Sendable, Equatable {
    public var from: RouteEnd
    public var to: RouteEnd
    /// Metres along the route.
    public var length: Double
    /// Seconds at walking pace.
    public var duration: Double
    /// Metres on loose surfaces (gravel, sand, mud, pebbles), for prams, wheelchairs and bad weather.
    public var looseLength: Double
    public var geometry: LineString
    public var steps: [RouteStep]
    /// Points every few metres to show as spheres or arrows in AR.
    public var waypoints: [ARWaypoint]
    /// The marker at the end, shown taller than the waypoints.
    public var destination: ARWaypoint
}

/// Where a route starts or ends: what was asked, and where on the network it begins.
public struct RouteEnd: Codable, Sendable, Equatable {
    public var requested: Coordinate
    public var snapped: Coordinate
    /// Metres from the requested point to the path network.
    public var snapDistance: Double
    /// The place, when the end was given as one.
    public var placeId: String?
    public var name: String?
}

/// GeoJSON LineString: `[longitude, latitude]` pairs.
public struct LineString: Codable, Sendable, Equatable {
    public var type = "LineString"
    public var coordinates: [[Double]]

    public init(_ points: [Coordinate]) { coordinates = points.map { [$0.longitude, $0.latitude] } }

    public var points: [Coordinate] {
        coordinates.compactMap { $0.count >= 2 ? Coordinate(latitude: $0[1], longitude: $0[0]) : nil }
    }
}

public struct RouteStep: Codable, Sendable, Equatable {
    /// depart, turn, continue, arrive.
    public var maneuver: String
    /// straight, slight left, left, sharp left, slight right, right, sharp right, u-turn (nil for depart/arrive).
    public var direction: String?
    /// The street or path walked in this step (nil when OSM gives it no name).
    public var name: String?
    /// OSM's kind of way: footway, steps, residential…
    public var highway: String
    public var distance: Double
    public var duration: Double
    /// Where the step begins.
    public var location: Coordinate
    /// Compass bearing walked at the step's start, degrees from north.
    public var bearing: Double
    public var instruction: String
}

public struct ARWaypoint: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres along the route from its start.
    public var along: Double
    /// Compass bearing toward the next waypoint (for arrows).
    public var bearing: Double
    /// Metres above the ground to draw it (no terrain model yet: relative to the walker's ground).
    public var height: Double
}

extension ARWaypoint {
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

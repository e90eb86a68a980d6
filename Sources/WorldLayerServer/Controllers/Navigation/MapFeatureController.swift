import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// The imported map as GeoJSON — walkways and buildings in a box — so that a map without
/// tiles (offline, or a deployment that has none) still shows streets, paths and blocks.
struct MapFeatureController {
    let maps: MapService
    let places: PlaceStore

    static let maximumFeatures = 20_000

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/map/walkways", use: walkways)
        routes.on(.get, "/v1/map/buildings", use: buildings)
    }

    @Sendable func walkways(_ request: Request, context: AppRequestContext) async throws -> Response {
        let box = try MapBox(Query(request))
        var features: [GeoJSONFeature] = []
        var truncated = false
        for w in try await maps.currentWalkways() where w.coordinates.contains(where: box.contains) {
            guard features.count < Self.maximumFeatures else {
                truncated = true
                break
            }
            var properties = ["highway": w.highway, "id": String(w.id)]
            if let name = w.name { properties["name"] = name }
            // What routing weighs, so that a device can route offline on what it downloaded.
            if w.underground == true { properties["underground"] = "yes" }
            if let loose = w.looseSurface { properties["surface"] = loose }
            features.append(GeoJSONFeature(geometry: .lineString(w.coordinates), properties: properties))
        }
        return try .json(GeoJSONFeatureCollection(features: features, truncated: truncated))
    }

    @Sendable func buildings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let box = try MapBox(Query(request))
        let found = try await places.buildings(
            south: box.south, west: box.west, north: box.north, east: box.east, limit: Self.maximumFeatures + 1)
        let features = found.prefix(Self.maximumFeatures).map { b in
            var properties = ["building": b.kind, "id": String(b.id)]
            if let name = b.name { properties["name"] = name }
            if let levels = b.levels { properties["levels"] = String(levels) }
            return GeoJSONFeature(geometry: .polygon(b.outline), properties: properties)
        }
        return try .json(GeoJSONFeatureCollection(features: features, truncated: found.count > Self.maximumFeatures))
    }
}

/// The `south`, `west`, `north`, `east` query of a map box: at most 0.5° by 1°, so one request stays small.
struct MapBox {
    var south, west, north, east: Double

    init(_ query: Query) throws {
        south = try query.double("south", in: -90...90)
        north = try query.double("north", in: -90...90)
        west = try query.double("west", in: -180...180)
        east = try query.double("east", in: -180...180)
        guard south < north, west < east, north - south <= 0.5, east - west <= 1 else {
            throw APIError.badRequest("the box must have south < north and west < east, at most 0.5° by 1°", code: .invalidParameter)
        }
    }

    func contains(_ c: Coordinate) -> Bool { (south...north).contains(c.latitude) && (west...east).contains(c.longitude) }
}

/// A GeoJSON feature with string properties; coordinates in GeoJSON's order, longitude first.
struct GeoJSONFeature: Encodable {
    enum Geometry: Encodable {
        case lineString([Coordinate])
        /// One outer ring, closed.
        case polygon([Coordinate])

        private enum Keys: String, CodingKey { case type, coordinates }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case .lineString(let points):
                try c.encode("LineString", forKey: .type)
                try c.encode(points.map { [$0.longitude, $0.latitude] }, forKey: .coordinates)
            case .polygon(let ring):
                try c.encode("Polygon", forKey: .type)
                try c.encode([ring.map { [$0.longitude, $0.latitude] }], forKey: .coordinates)
            }
        }
    }

    var type = "Feature"
    var geometry: Geometry
    var properties: [String: String]
}

struct GeoJSONFeatureCollection: Encodable {
    var type = "FeatureCollection"
    var features: [GeoJSONFeature]
    /// True when the box held more than the response carries.
    var truncated: Bool
}

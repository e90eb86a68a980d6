import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo

/// The imported walking network as GeoJSON, so that a map without tiles (offline, or a
/// deployment that has none) still shows the streets and paths.
struct WalkwayController {
    let maps: MapService

    static let maximumFeatures = 20_000

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/map/walkways", use: walkways)
    }

    @Sendable func walkways(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let south = try query.double("south", in: -90...90), north = try query.double("north", in: -90...90)
        let west = try query.double("west", in: -180...180), east = try query.double("east", in: -180...180)
        guard south < north, west < east, north - south <= 0.5, east - west <= 1 else {
            throw APIError.badRequest("the box must have south < north and west < east, at most 0.5° by 1°", code: "invalid_parameter")
        }
        func inside(_ c: Coordinate) -> Bool { (south...north).contains(c.latitude) && (west...east).contains(c.longitude) }
        struct Geometry: Encodable {
            var type = "LineString"
            /// GeoJSON order: longitude, latitude.
            var coordinates: [[Double]]
        }
        struct Feature: Encodable {
            var type = "Feature"
            var geometry: Geometry
            var properties: [String: String]
        }
        struct Collection: Encodable {
            var type = "FeatureCollection"
            var features: [Feature]
            var truncated: Bool
        }
        var features: [Feature] = []
        var truncated = false
        for w in try await maps.currentWalkways() where w.coordinates.contains(where: inside) {
            guard features.count < Self.maximumFeatures else {
                truncated = true
                break
            }
            var properties = ["highway": w.highway, "id": String(w.id)]
            if let name = w.name { properties["name"] = name }
            features.append(Feature(geometry: Geometry(coordinates: w.coordinates.map { [$0.longitude, $0.latitude] }), properties: properties))
        }
        return try .json(Collection(features: features, truncated: truncated))
    }
}

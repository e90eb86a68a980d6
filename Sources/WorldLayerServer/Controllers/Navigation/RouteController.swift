import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// Walking routes between points and places, and the off-route check that reroutes.
struct RouteController {
    let places: PlaceStore
    let maps: MapService

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/routes", use: route)
        routes.on(.post, "/v1/routes/progress", use: progress)
    }

    /// A route's end: a place (`{"place": id}`) or a point (`{"latitude": …, "longitude": …}`).
    struct RoutePoint: Codable {
        var place: String?
        var latitude: Double?
        var longitude: Double?
    }

    struct RouteRequest: Decodable {
        var from: RoutePoint
        var to: RoutePoint
    }

    @Sendable func route(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(RouteRequest.self, context: context)
        let from = try await resolve(body.from, "from"), to = try await resolve(body.to, "to")
        // Written by hand: JSONEncoder took six times as long as finding the route (RouteJSON).
        return .json(bytes: RouteJSON.encode(try await walk(from, to)))
    }

    struct ProgressRequest: Decodable {
        var position: RoutePoint
        /// Metres of uncertainty in the position (GPS accuracy).
        var accuracy: Double?
        /// The route being followed: its `geometry` as returned.
        var route: LineString
        /// Where it leads, to reroute to when off it.
        var to: RoutePoint
        var tolerance: Double?
    }

    struct ProgressBody: Encodable {
        var progress: RouteProgress
        /// A new route from the walker's position, when they are off the old one.
        var reroute: Route?
    }

    @Sendable func progress(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(ProgressRequest.self, context: context)
        let position = try await resolve(body.position, "position")
        let points = body.route.points
        guard !points.isEmpty, points.allSatisfy({ $0.isOnEarth }) else {
            throw APIError.validation([FieldError("route", "must be a GeoJSON LineString of [longitude, latitude] pairs")])
        }
        if let a = body.accuracy, !(a.isFinite && a >= 0) { throw APIError.validation([FieldError("accuracy", "must be metres ≥ 0")]) }
        if let t = body.tolerance, !(t.isFinite && t > 0 && t <= 500) {
            throw APIError.validation([FieldError("tolerance", "must be 1 to 500 metres")])
        }
        let progress = RouteProgress.check(
            position.coordinate, accuracy: body.accuracy ?? 0, along: points, tolerance: body.tolerance ?? RouteProgress.defaultTolerance)
        let reroute = progress.offRoute ? try await walk(position, try await resolve(body.to, "to")) : nil
        return try .json(ProgressBody(progress: progress, reroute: reroute))
    }

    private struct ResolvedPoint {
        var coordinate: Coordinate
        var place: (id: String, name: String)?
    }

    private func resolve(_ p: RoutePoint, _ field: String) async throws -> ResolvedPoint {
        if let text = p.place {
            guard let id = Place.ID(text) else { throw APIError.validation([FieldError("\(field).place", "must be a place id")]) }
            guard let place = try await places.place(id: id) else { throw APIError.notFound("no such place: \(text)") }
            return ResolvedPoint(coordinate: place.position, place: (id.text, place.name))
        }
        guard let lat = p.latitude, let lon = p.longitude else {
            throw APIError.validation([FieldError(field, "must be {\"place\": id} or {\"latitude\": …, \"longitude\": …}")])
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isOnEarth else {
            throw APIError.badRequest(
                "'\(field)' is not a position on Earth (latitude −90…90, longitude −180…180)", code: .invalidCoordinate)
        }
        return ResolvedPoint(coordinate: c)
    }

    private func walk(_ from: ResolvedPoint, _ to: ResolvedPoint) async throws -> Route {
        try await maps.walk(from: from.coordinate, to: to.coordinate, fromName: from.place, toName: to.place)
    }
}

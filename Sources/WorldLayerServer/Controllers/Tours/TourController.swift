import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// Tours and the open-tour flow: the list, a tour, whether I am in its area, the markers near me,
/// the next stop with a walking route, position reports that stamp stops, and my stamp book.
struct TourController {
    let tours: TourStore
    let maps: MapService
    let rule: StampRule

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/tours", use: list)
        routes.on(.get, "/v1/tours/{tour}", use: get)
        routes.on(.put, "/v1/tours/{tour}", use: put)
        routes.on(.delete, "/v1/tours/{tour}", use: delete)
        routes.on(.get, "/v1/tours/{tour}/availability", use: availability)
        routes.on(.get, "/v1/tours/{tour}/stops/nearby", use: nearby)
        routes.on(.get, "/v1/tours/{tour}/next", use: next)
        routes.on(.post, "/v1/tours/{tour}/positions", use: report)
        routes.on(.get, "/v1/tours/{tour}/stamps", use: stamps)
        routes.on(.get, "/v1/tours/{tour}/beacons", use: beacons)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["tours": try await self.tours.list().map(TourSummary.init)])
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await TourAccess.walkable(tours: tours, context: context))
    }

    @Sendable func put(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let id: Tour.ID = try context.idParameter("tour")
        let body = try await request.decodeJSON(TourBody.self, context: context, limit: 4 << 20)
        let tour = try await body.tour(id: id, tours: tours)
        let existed = try await self.tours.tour(id: id) != nil
        try await self.tours.save(tour)
        context.logger.info("tour saved", metadata: ["tour": "\(tour.id.text)", "stops": "\(tour.stops.count)"])
        return try .json(try await self.tours.tour(id: id)!, status: existed ? .ok : .created)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        guard try await self.tours.delete(id: try context.idParameter("tour")) else { throw APIError.notFound("no such tour") }
        return Response(status: .noContent)
    }

    /// A stop with how far and which way it is, and whether I have stamped it.
    struct StopHit: Encodable {
        var stop: TourStop
        var distance: Double?
        var bearing: Double?
        var stamped: Bool?
    }

    static func hit(_ stop: TourStop, from position: Coordinate?, stamped: Set<TourStop.ID>? = nil) -> StopHit {
        let line = position.flatMap { p in stop.position.map { Geodesic.wgs84.inverse(p, $0) } }
        return StopHit(
            stop: stop, distance: line?.distance, bearing: line.map { compass($0.initialAzimuth) },
            stamped: stamped.map { $0.contains(stop.id) })
    }

    /// Am I where the tour is? If not, how far, and the walk to its nearest stop.
    @Sendable func availability(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.listed(tours: tours, context: context)
        let here = try Query(request).coordinate()
        let inside = tour.area.contains(here)
        let ring = tour.area.ring + tour.area.ring.prefix(1)
        let distance = inside ? 0 : RouteProgress.check(here, along: ring).distanceFromRoute
        let nearest = tour.stops.filter { $0.position != nil }.map { Self.hit($0, from: here) }.min { $0.distance! < $1.distance! }
        var route: Route?
        if !inside, let stop = nearest?.stop, let to = stop.position {
            route = try? await maps.walk(from: here, to: to, toName: (stop.id.text, stop.title))
        }
        struct Body: Encodable {
            var inside: Bool
            var distance: Double
            var nearestStop: StopHit?
            var route: Route?
            var message: String
        }
        let message =
            inside
            ? "you are inside the area of “\(tour.title)”"
            : "you are \(Int(distance.rounded())) m from the area of “\(tour.title)”"
                + (route == nil ? "" : "; follow the route to its nearest stop")
        // The list already shows guided tours, so their area is no secret; their stops are.
        let visible = TourAccess.maySeeStops(
            tour, context: context, isGuide: try await TourAccess.isGuide(tours: tours, context: context, tour: tour))
        return try .json(
            Body(inside: inside, distance: distance, nearestStop: visible ? nearest : nil, route: visible ? route : nil, message: message))
    }

    @Sendable func nearby(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        let query = Query(request)
        let here = try query.coordinate()
        let radius = try query.double("radius", in: 1...20_000, default: 1_000)
        let stamped = try await stampedStops(tour, context: context)
        let hits = tour.stops.map { Self.hit($0, from: here, stamped: stamped) }.filter { ($0.distance ?? .infinity) <= radius }
            .sorted { $0.distance! < $1.distance! }
        return try .json(["stops": hits])
    }

    /// The first stop in the tour's order I have not stamped, with the walk there.
    @Sendable func next(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        let here = try Query(request).coordinate()
        let stamped = try await stampedStops(tour, context: context) ?? []
        struct Body: Encodable {
            var stop: StopHit?
            var route: Route?
            var message: String?
        }
        guard let stop = tour.stops.first(where: { !stamped.contains($0.id) }) else {
            return try .json(Body(message: "every stop of “\(tour.title)” is stamped"))
        }
        let route = try await stop.position.asyncMap {
            try await maps.walk(from: here, to: $0, toName: (stop.id.text, stop.title))
        }
        return try .json(
            Body(
                stop: Self.hit(stop, from: here, stamped: stamped), route: route,
                message: route == nil ? "this stop is indoors: follow the beacons" : nil))
    }

    @Sendable func report(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        guard let visitor = context.visitorID else { throw APIError.unauthorized }
        let body = try await request.decodeJSON(PositionReport.self, context: context)
        var problems: [FieldError] = []
        if (body.latitude == nil) != (body.longitude == nil) { problems.append(FieldError("latitude", "and longitude come together")) }
        if let p = body.position, !(p.isOnEarth) {
            problems.append(FieldError("latitude", "and longitude must be a position on Earth"))
        }
        if let a = body.accuracy, !(a.isFinite && a >= 0) { problems.append(FieldError("accuracy", "must be metres ≥ 0")) }
        if body.position == nil && body.beacon == nil { problems.append(FieldError("latitude", "or beacon is required")) }
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let result = try await self.tours.report(body, visitor: visitor, visitorSince: context.account?.createdAt, tour: tour, rule: rule)
        struct Body: Encodable {
            var atStop: String?
            var stamped: String?
            var completed: Bool
            var ignored: String?
            var book: StampBook
        }
        return try .json(
            Body(
                atStop: result.outcome.atStop?.text, stamped: result.outcome.stamp?.text,
                completed: result.completed, ignored: result.outcome.implausible.map { "not believed: \($0)" }, book: result.book))
    }

    @Sendable func stamps(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        guard let visitor = context.visitorID else { throw APIError.unauthorized }
        return try .json(try await self.tours.stampBook(visitor: visitor, tour: tour))
    }

    @Sendable func beacons(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        return try .json(["beacons": tour.beacons])
    }

    private func stampedStops(_ tour: Tour, context: AppRequestContext) async throws -> Set<TourStop.ID>? {
        guard let visitor = context.visitorID else { return nil }
        return Set(try await self.tours.stampBook(visitor: visitor, tour: tour).visited.map(\.stopId))
    }
}

import Foundation
import Hummingbird
import Logging
import NIOCore
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// Places: search as you type, nearby pins for AR, details, and admins' additions, edits and photos.
struct PlaceController {
    let blobs: BlobStore
    let clock: WallClock
    let places: PlaceStore
    let maps: MapService

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/places/search", use: search)
        routes.on(.get, "/v1/places/nearby", use: nearby)
        routes.on(.post, "/v1/places/labels", use: labels)
        routes.on(.post, "/v1/places", use: create)
        routes.on(.get, "/v1/places/{id}", use: get)
        routes.on(.patch, "/v1/places/{id}", use: edit)
        routes.on(.post, "/v1/places/{id}/photos", use: addPhoto)
        routes.on(.get, "/v1/places/{id}/photos/{photo}", use: photo)
        routes.on(.put, "/v1/places/{id}/plans/{level}", use: putPlan)
        routes.on(.get, "/v1/places/{id}/plans/{level}", use: plan)
        routes.on(.delete, "/v1/places/{id}/plans/{level}", use: deletePlan)
    }

    /// A place with how far and which way it is from the asker, when they said where they are.
    struct PlaceHit: Encodable {
        var place: Place
        var distance: Double?
        var bearing: Double?
    }

    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let text = try query.searchText()
        let near = query.items["latitude"] == nil && query.items["longitude"] == nil ? nil : try query.coordinate()
        let hits = try await maps.searchIndex().search(text, near: near, limit: try query.int("limit", in: 1...50, default: 10))
        let places = try await self.places.places(ids: hits.map { Place.ID($0.id) })
        let results = places.map { p in
            let line = near.map { Geodesic.wgs84.inverse($0, p.position) }
            return PlaceHit(place: p, distance: line?.distance, bearing: line.map { compass($0.initialAzimuth) })
        }
        struct Body: Encodable {
            var query: String
            var results: [PlaceHit]
            var message: String?
        }
        return try .json(Body(query: text, results: results, message: results.isEmpty ? "no place matches “\(text)”" : nil))
    }

    @Sendable func nearby(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let center = try query.coordinate()
        let radius = try query.double("radius", in: 1...5_000, default: 300)
        let found = try await self.places.places(near: center, radius: radius, limit: try query.int("limit", in: 1...200, default: 50))
        return try .json([
            "places": found.map { PlaceHit(place: $0.place, distance: $0.line.distance, bearing: compass($0.line.initialAzimuth)) }
        ])
    }

    struct LabelsRequest: Decodable {
        var latitude: Double
        var longitude: Double
        /// Ellipsoidal height of the device, metres.
        var altitude: Double
        /// Compass heading of the camera, degrees from true north.
        var heading: Double
        var view: ScreenView
        var radius: Double?
        /// Places to keep above all others (the destination, a searched place).
        var highlight: [String]?
    }

    /// Where the labels of the places around a device land on its screen, none overlapping.
    @Sendable func labels(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try await request.decodeJSON(LabelsRequest.self, context: context)
        var problems: [FieldError] = []
        if !Coordinate(latitude: body.latitude, longitude: body.longitude).isOnEarth {
            problems.append(FieldError("latitude", "and longitude must be a position on Earth"))
        }
        if !body.altitude.isFinite || abs(body.altitude) > 10_000 {
            problems.append(FieldError("altitude", "must be metres within ±10,000"))
        }
        if !body.heading.isFinite { problems.append(FieldError("heading", "must be degrees")) }
        if !body.view.isValid {
            problems.append(
                FieldError("view", "needs width and height of 100–10,000 points, a field of view of 10–170° and a pitch within ±89°"))
        }
        let radius = body.radius ?? 300
        if !(1...2_000).contains(radius) { problems.append(FieldError("radius", "must be 1 to 2,000 metres")) }
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let fix = DeviceFix(latitude: body.latitude, longitude: body.longitude, altitude: body.altitude, heading: body.heading)
        let highlight = Set((body.highlight ?? []).map { $0.lowercased() })
        let nearby = try await self.places.places(
            near: Coordinate(latitude: body.latitude, longitude: body.longitude), radius: radius, limit: 500)
        let requests = nearby.map { p in
            let id = p.place.id.text
            // Places stand on the ground: their label floats 3 m up.
            return LabelRequest(
                id: id, text: p.place.name,
                anchor: GeoAnchor(latitude: p.place.position.latitude, longitude: p.place.position.longitude, altitude: 3),
                priority: highlight.contains(id) ? 1 : 0)
        }
        return try .json(LabelLayoutEngine.layout(requests, fix: fix, view: body.view))
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let place = try await self.places.place(id: try context.idParameter("id")) else {
            throw APIError.notFound("no such place")
        }
        return try .json(place)
    }

    struct NewPlace: Decodable {
        var name: String
        var kind: String
        var position: Coordinate
        var names: [String: String]?
        var description: String?
        var openingHours: String?
        var address: String?
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let body = try await request.decodeJSON(NewPlace.self, context: context)
        // Every limit is checked (a 422 naming each field) before anything is written.
        _ = try PlaceEdit(
            name: body.name, names: body.names, kind: body.kind, position: body.position, description: body.description,
            openingHours: body.openingHours, address: body.address
        ).validated()
        let id = Place.ID()
        let place = Place(
            id: id, name: body.name.trimmingCharacters(in: .whitespaces), names: body.names ?? [:], kind: body.kind,
            position: body.position,
            description: body.description, openingHours: body.openingHours, address: body.address,
            source: "admin:\(id.text)", updatedAt: clock.now())
        try await self.places.create(place)
        context.logger.info("place added", metadata: ["place": "\(id.text)"])
        return try .json(place, status: .created)
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let id: Place.ID = try context.idParameter("id")
        let edit = try await request.decodeJSON(PlaceEdit.self, context: context).validated()
        guard let place = try await self.places.edit(id: id, edit) else { throw APIError.notFound("no such place") }
        return try .json(place)
    }

    static let maximumPhotoBytes = 8 << 20

    @Sendable func addPhoto(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let id: Place.ID = try context.idParameter("id")
        guard let kind = PhotoKind(rawValue: Query(request).items["kind"] ?? "exterior") else {
            throw APIError.badRequest("'kind' must be interior or exterior", code: .invalidParameter)
        }
        let data = try await request.bytes(upTo: Self.maximumPhotoBytes, what: "a photo")
        guard let type = MediaSniffer.imageType(data), MediaSniffer.imageSize(data) != nil else {
            throw APIError(.unsupportedMediaType, message: "a photo must be a PNG or JPEG image")
        }
        // Phones decode it: a picture declaring a gigapixel would stop the app that opens the place.
        if let problem = DecodeLimit.picture.problem(with: data) {
            throw APIError(.imageTooLarge, message: "the photo \(problem)")
        }
        guard let photo = try await self.places.addPhoto(placeID: id, kind: kind, data: data, contentType: type) else {
            throw APIError.notFound("no such place")
        }
        return try .json(photo, status: .created)
    }

    /// The `level` path parameter, checked.
    private func level(_ context: AppRequestContext) throws -> String {
        guard let level = context.parameters.get("level")?.removingPercentEncoding, FloorPlan.isValid(level: level) else {
            throw APIError.badRequest("'level' must be 1 to 10 letters, digits, '.' or '-', like 0, 1 or -1", code: .invalidParameter)
        }
        return level
    }

    /// Admins: a level's plan (PNG or JPEG), replacing the one it had.
    @Sendable func putPlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let id: Place.ID = try context.idParameter("id")
        let level = try level(context)
        let data = try await request.bytes(upTo: Self.maximumPhotoBytes, what: "a floor plan")
        guard let type = MediaSniffer.imageType(data), MediaSniffer.imageSize(data) != nil else {
            throw APIError(.unsupportedMediaType, message: "a floor plan must be a PNG or JPEG image")
        }
        if let problem = DecodeLimit.picture.problem(with: data) { throw APIError(.imageTooLarge, message: "the plan \(problem)") }
        guard let plan = try await self.places.putFloorPlan(placeID: id, level: level, data: data, contentType: type) else {
            throw APIError.notFound("no such place")
        }
        return try .json(plan)
    }

    @Sendable func plan(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let plan = try await self.places.floorPlanBlob(placeID: try context.idParameter("id"), level: try level(context)),
            let blob = try await blobs.blob(id: plan.blob)
        else { throw APIError.notFound("no plan of that level") }
        // The address stays when a plan is replaced: asked again each time, answered 304 while unchanged.
        return Response.blob(blob.data, contentType: plan.contentType, etag: blob.id, request: request, cacheControl: "no-cache")
    }

    @Sendable func deletePlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        guard try await self.places.deleteFloorPlan(placeID: try context.idParameter("id"), level: try level(context)) else {
            throw APIError.notFound("no plan of that level")
        }
        return Response(status: .noContent)
    }

    @Sendable func photo(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard
            let blobID = try await self.places.photoBlob(
                placeID: try context.idParameter("id"), photoID: try context.idParameter("photo")),
            let blob = try await blobs.blob(id: blobID)
        else { throw APIError.notFound("no such photo") }
        // Blobs are shared by their bytes, which may first have come as another kind of file: the type is the picture's own.
        return Response.blob(
            blob.data, contentType: MediaSniffer.imageType(blob.data) ?? blob.contentType, etag: blob.id, request: request,
            cacheControl: "public, max-age=86400")
    }
}

func compass(_ azimuth: Double) -> Double { azimuth < 0 ? azimuth + 360 : azimuth }

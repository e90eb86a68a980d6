import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerRouting

@Suite("Routes written as the wire's JSON by hand")
struct RouteJSONTests {
    /// Real routes, read back: the same route to the written precision, and then byte for byte
    /// what `JSONEncoder` writes for that route (whose numbers already have that precision).
    @Test func theRouteToItsPrecisionAndWhatJSONEncoderWritesForIt() throws {
        let places = HelsinkiNetwork.data.places
        var compared = 0
        for (from, to) in zip(places.prefix(40), places.dropFirst(40).prefix(40)) {
            guard
                let route = try? HelsinkiNetwork.router.route(
                    from: from.position, to: to.position, fromName: ("\(from.id)", from.name), toName: ("\(to.id)", to.name))
            else { continue }
            let written = RouteJSON.encode(route)
            let read = try WireJSON.decoder.decode(Route.self, from: Data(written))
            #expect(Self.differences(route, read).isEmpty, "\(from.name) → \(to.name): \(Self.differences(route, read))")
            #expect(written == Array(try WireJSON.encoder.encode(read)), "\(from.name) → \(to.name)")
            compared += 1
        }
        #expect(compared >= 30)
    }

    @Test func namesFromOpenStreetMapAreEscapedAsJSONEncoderDoes() throws {
        var route = try #require(
            try? HelsinkiNetwork.router.route(
                from: HelsinkiNetwork.data.places[0].position, to: HelsinkiNetwork.data.places[1].position))
        route.to.name = "A \"quoted\" \\ name/with\nlines\tand \u{01}\u{1F} controls, Töölö, 東京"
        route.steps[0].name = "\u{08}\u{0C}\r"
        route.from.placeId = nil
        let read = try WireJSON.decoder.decode(Route.self, from: Data(RouteJSON.encode(route)))
        #expect(read.to.name == route.to.name && read.steps[0].name == route.steps[0].name && read.from.placeId == nil)
        #expect(RouteJSON.encode(route) == Array(try WireJSON.encoder.encode(read)))
    }

    /// Where `read` is not `route` to the precision written: each number within half its last place.
    static func differences(_ route: Route, _ read: Route) -> [String] {
        let degree = 0.5e-7 + 1e-12, measure = 0.005 + 1e-9
        var found: [String] = []
        func near(_ a: Double, _ b: Double, _ within: Double, _ what: String) {
            if abs(a - b) > within { found.append("\(what): \(a) read as \(b)") }
        }
        func near(_ a: Coordinate, _ b: Coordinate, _ what: String) {
            near(a.latitude, b.latitude, degree, "\(what) latitude")
            near(a.longitude, b.longitude, degree, "\(what) longitude")
        }
        func near(_ a: ARWaypoint, _ b: ARWaypoint, _ what: String) {
            near(Coordinate(latitude: a.latitude, longitude: a.longitude), Coordinate(latitude: b.latitude, longitude: b.longitude), what)
            for (x, y, name) in [(a.along, b.along, "along"), (a.bearing, b.bearing, "bearing"), (a.height, b.height, "height")] {
                near(x, y, measure, "\(what) \(name)")
            }
        }
        for (a, b, what) in [(route.from, read.from, "from"), (route.to, read.to, "to")] {
            near(a.requested, b.requested, "\(what) requested")
            near(a.snapped, b.snapped, "\(what) snapped")
            near(a.snapDistance, b.snapDistance, measure, "\(what) snapDistance")
            if a.name != b.name || a.placeId != b.placeId { found.append("\(what)'s name or place") }
        }
        near(route.length, read.length, measure, "length")
        near(route.duration, read.duration, measure, "duration")
        near(route.looseLength, read.looseLength, measure, "looseLength")
        guard route.geometry.points.count == read.geometry.points.count, route.steps.count == read.steps.count,
            route.waypoints.count == read.waypoints.count
        else { return found + ["a different number of points, steps or waypoints"] }
        for (i, (a, b)) in zip(route.geometry.points, read.geometry.points).enumerated() { near(a, b, "point \(i)") }
        for (i, (a, b)) in zip(route.steps, read.steps).enumerated() {
            near(a.location, b.location, "step \(i)")
            near(a.distance, b.distance, measure, "step \(i) distance")
            near(a.duration, b.duration, measure, "step \(i) duration")
            near(a.bearing, b.bearing, measure, "step \(i) bearing")
            var words = b
            (words.location, words.distance, words.duration, words.bearing) = (a.location, a.distance, a.duration, a.bearing)
            if words != a { found.append("step \(i)'s words") }
        }
        for (i, (a, b)) in zip(route.waypoints, read.waypoints).enumerated() { near(a, b, "waypoint \(i)") }
        near(route.destination, read.destination, "destination")
        return found
    }
}

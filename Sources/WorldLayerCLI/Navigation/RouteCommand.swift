import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// `worldlayer route FROM TO`: a walking route between places or points, as steps or JSON.
struct RouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "Print a walking route between two places or points (each a place name or 'lat,lon').")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Where to start: a place name (as you would search it) or 'lat,lon'.") var from: String
    @Argument(help: "Where to go: a place name or 'lat,lon'.") var to: String
    @Flag(help: "Print the route as the API returns it.") var json = false

    func run() async throws {
        let (start, end, walkways) = try await database.withStore { store in
            (
                try await PlaceLookup.resolve(from, store: store), try await PlaceLookup.resolve(to, store: store),
                try await store.places.walkways()
            )
        }
        let router = WalkingRouter(walkways: walkways)
        let route: Route
        do {
            route = try router.route(from: start.coordinate, to: end.coordinate, fromName: start.place, toName: end.place)
        } catch {
            throw CommandFailure(error.description)
        }
        if json {
            print(String(decoding: RouteJSON.encode(route), as: UTF8.self))  // the API's bytes, its numbers' precision too
            return
        }
        print("From \(start.label)\nTo   \(end.label)")
        print(
            "\(RouteText.distance(route.length)), about \(RouteText.minutes(route.duration)) on foot, \(route.waypoints.count) AR waypoints"
        )
        for (i, step) in route.steps.enumerated() {
            let length = step.maneuver == "arrive" ? "" : " — \(RouteText.distance(step.distance))"
            print(String(format: "%3d. ", i + 1) + step.instruction + length)
        }
    }
}

/// Turns what a user typed into a position: `lat,lon`, or the best match of a place search.
enum PlaceLookup {
    struct Resolved {
        var coordinate: Coordinate
        var place: (id: String, name: String)?
        var label: String
    }

    static func resolve(_ text: String, store: Store) async throws -> Resolved {
        if let pair = latitudeLongitude(text) {
            guard let c = pair.coordinate else {
                throw CommandFailure("'\(text)' is not a position on Earth (latitude −90…90, longitude −180…180)")
            }
            return Resolved(coordinate: c, place: nil, label: String(format: "%.6f, %.6f", c.latitude, c.longitude))
        }
        let places = try await store.places.all()
        guard let hit = PlaceSearchIndex(places).search(text, limit: 1).first, let place = places.first(where: { $0.id.uuid == hit.id })
        else {
            throw CommandFailure(
                places.isEmpty ? "no places yet: import some with 'worldlayer import osm FILE'" : "no place matches '\(text)'")
        }
        return Resolved(
            coordinate: place.position, place: (place.id.text, place.name),
            label: "\(place.name) (\(place.kind), \(String(format: "%.6f, %.6f", place.position.latitude, place.position.longitude)))")
    }
}

/// "lat,lon" as typed: nil when the text is not two numbers; `coordinate` nil when they are off the Earth.
func latitudeLongitude(_ text: String) -> (latitude: Double, longitude: Double, coordinate: Coordinate?)? {
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let lat = parts[0], let lon = parts[1] else { return nil }
    let c = Coordinate(latitude: lat, longitude: lon)
    return (lat, lon, c.isOnEarth ? c : nil)
}

enum RouteText {
    static func distance(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    static func minutes(_ seconds: Double) -> String { "\(max(1, Int((seconds / 60).rounded()))) min" }
}

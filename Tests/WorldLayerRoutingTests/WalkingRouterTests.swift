import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerRouting

@Suite("Walking routes on the Helsinki extract")
struct WalkingRouterTests {
    let data = HelsinkiNetwork.data
    let router = HelsinkiNetwork.router

    func place(_ name: String) throws -> Place {
        try #require(data.places.first { $0.name == name }, "no place named \(name) in the extract")
    }

    @Test func routeBetweenTwoNamedPlacesHasStepsLengthAndWaypoints() throws {
        let from = try place("Suomen Kansallisteatteri"), to = try place("Helsingin tuomiokirkko")
        let route = try router.route(from: from.position, to: to.position)
        let straight = Geodesic.wgs84.inverse(from.position, to.position).distance
        // A walk is never shorter than the straight line between its snapped ends, and not absurdly longer.
        #expect(route.length >= Geodesic.wgs84.inverse(route.from.snapped, route.to.snapped).distance - 0.01)
        #expect(route.length < straight * 2)
        #expect(abs(route.duration - route.length / 1.4) < route.length)  // about 5 km/h
        #expect(route.steps.first?.maneuver == "depart")
        #expect(route.steps.last?.maneuver == "arrive")
        #expect(route.steps.dropFirst().dropLast().allSatisfy { $0.direction != nil })
        #expect(abs(route.steps.reduce(0) { $0 + $1.distance } - route.length) < 0.01)
        #expect(route.steps.contains { $0.name == "Fabianinkatu" })
        // Waypoints every 5 m from the start, in order, each within the route's length.
        #expect(route.waypoints.count == Int(route.length / 5) + 1)
        for (a, b) in zip(route.waypoints, route.waypoints.dropFirst()) {
            #expect(abs(b.along - a.along - 5) < 1e-9)
            #expect(
                Geodesic.wgs84.inverse(
                    Coordinate(latitude: a.latitude, longitude: a.longitude), Coordinate(latitude: b.latitude, longitude: b.longitude)
                ).distance <= 5.0001)
        }
        #expect(route.destination.height > route.waypoints[0].height)
        let points = route.geometry.points
        #expect(points.first == route.from.snapped && points.last == route.to.snapped)
    }

    @Test func theRouteIsTheShortestWalk() throws {
        // Any detour through a third point is at least as long as the route itself.
        let a = try place("Suomen Kansallisteatteri").position, b = try place("Helsingin tuomiokirkko").position
        let direct = try router.route(from: a, to: b).length
        for via in data.places.prefix(30) {
            guard let first = try? router.route(from: a, to: via.position), let second = try? router.route(from: via.position, to: b) else {
                continue
            }
            #expect(first.length + second.length >= direct - 0.5, "via \(via.name)")
        }
    }

    @Test func theBareLengthIsTheDescribedRoutesLength() throws {
        for (from, to) in zip(data.places.prefix(20), data.places.dropFirst(20).prefix(20)) {
            guard let route = try? router.route(from: from.position, to: to.position) else { continue }
            #expect(abs(try router.length(from: from.position, to: to.position) - route.length) < 0.01, "\(from.name) → \(to.name)")
        }
    }

    @Test func aRouteBackIsAsLongAsTheRouteThere() throws {
        let a = try place("Suomen Kansallisteatteri").position, b = try place("Helsingin tuomiokirkko").position
        #expect(abs(try router.route(from: a, to: b).length - router.route(from: b, to: a).length) < 0.01)
    }

    /// Senate Square's underground car park ramp runs beneath Alexander II's statue, 3 m from it; the
    /// nearest surface path is farther. The statue means the square, not the ramp 4 floors down.
    @Test func aPointAboveATunnelSnapsToTheSurfaceNearby() throws {
        let statue = Coordinate(latitude: 60.16951, longitude: 24.95227)
        let route = try router.route(from: Coordinate(latitude: 60.1690, longitude: 24.9500), to: statue)
        #expect(route.length < 300, "\(route.length) m")
        #expect(route.to.snapDistance < 50)
    }

    @Test func aPointFarFromEveryPathSaysSo() throws {
        #expect(throws: RoutingError.self) {
            try router.route(from: Coordinate(latitude: 60.17, longitude: 24.94), to: Coordinate(latitude: 0, longitude: 0))
        }
        do {
            _ = try router.route(from: Coordinate(latitude: 60.20, longitude: 24.94), to: Coordinate(latitude: 60.17, longitude: 24.94))
            Issue.record("a point 3 km outside the extract was routed")
        } catch {
            #expect(error.description.contains("start"))
        }
    }

    @Test func disconnectedIslandsAreNoRoute() throws {
        let island = Walkway(
            id: 1, name: "Island path", highway: "footway", nodes: [1, 2],
            coordinates: [.init(latitude: 60, longitude: 25), .init(latitude: 60.001, longitude: 25)])
        let mainland = Walkway(
            id: 2, name: "Shore path", highway: "footway", nodes: [3, 4],
            coordinates: [.init(latitude: 60.0015, longitude: 25.002), .init(latitude: 60.0025, longitude: 25.002)])
        let r = WalkingRouter(walkways: [island, mainland])
        #expect(throws: RoutingError.disconnected) {
            try r.route(from: .init(latitude: 60.0005, longitude: 25), to: .init(latitude: 60.002, longitude: 25.002))
        }
        // On one edge: the walk between two spots along it.
        let along = try r.route(from: .init(latitude: 60.0002, longitude: 25), to: .init(latitude: 60.0007, longitude: 25))
        #expect(
            abs(
                along.length
                    - Geodesic.wgs84.inverse(.init(latitude: 60.0002, longitude: 25), .init(latitude: 60.0007, longitude: 25)).distance)
                < 0.01)
        #expect(throws: RoutingError.noNetwork) {
            try WalkingRouter(walkways: []).route(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 0, longitude: 0))
        }
    }

    @Test func offRouteIsMeasuredAgainstTheRouteWithTheFixAccuracy() throws {
        let route = try router.route(from: try place("Suomen Kansallisteatteri").position, to: try place("Helsingin tuomiokirkko").position)
        let points = route.geometry.points
        let onIt = RouteProgress.check(
            Coordinate(latitude: route.waypoints[10].latitude, longitude: route.waypoints[10].longitude), along: points)
        #expect(!onIt.offRoute)
        #expect(abs(onIt.along - 50) < 1)
        #expect(abs(onIt.remaining - (route.length - 50)) < 1)
        // A point beside the route and one far from it: the measured distance agrees with the nearest waypoint (5 m apart; the last may be 5 m short of the end).
        let w = route.waypoints[10]
        for (azimuth, distance) in [(w.bearing + 90, 40.0), (90, 1000.0)] {
            let origin =
                distance > 100
                ? Coordinate(latitude: route.destination.latitude, longitude: route.destination.longitude)
                : Coordinate(latitude: w.latitude, longitude: w.longitude)
            let away = Geodesic.wgs84.direct(from: origin, azimuth: azimuth, distance: distance).coordinate
            let nearestWaypoint = route.waypoints.map {
                Geodesic.wgs84.inverse(away, Coordinate(latitude: $0.latitude, longitude: $0.longitude)).distance
            }.min()!
            let progress = RouteProgress.check(away, along: points)
            #expect(progress.distanceFromRoute <= nearestWaypoint + 0.5 && progress.distanceFromRoute >= nearestWaypoint - 5.1)
            #expect(progress.offRoute == (progress.distanceFromRoute > 25))
            // A fix as poor as the distance widens the allowance.
            #expect(!RouteProgress.check(away, accuracy: progress.distanceFromRoute, along: points).offRoute)
        }
        #expect(
            RouteProgress.check(
                Geodesic.wgs84.direct(from: route.destination.coordinate, azimuth: 90, distance: 1000).coordinate, along: points
            ).offRoute)
    }
}

@Suite("Which ways are walkable")
struct WalkingAccessTests {
    @Test func footwaysAndStreetsYesMotorwaysAndPrivateNo() {
        #expect(OSMWalking.walkableHighway(["highway": "footway"]) == "footway")
        #expect(OSMWalking.walkableHighway(["highway": "steps"]) == "steps")
        #expect(OSMWalking.walkableHighway(["highway": "residential"]) == "residential")
        #expect(OSMWalking.walkableHighway(["highway": "pedestrian", "area": "yes"]) == "pedestrian")
        #expect(OSMWalking.walkableHighway(["highway": "motorway"]) == nil)
        #expect(OSMWalking.walkableHighway(["highway": "trunk"]) == nil)
        #expect(OSMWalking.walkableHighway(["highway": "footway", "foot": "no"]) == nil)
        #expect(OSMWalking.walkableHighway(["highway": "service", "access": "private"]) == nil)
        #expect(OSMWalking.walkableHighway(["highway": "service", "access": "private", "foot": "yes"]) == "service")
        #expect(OSMWalking.walkableHighway(["highway": "cycleway"]) == nil)
        #expect(OSMWalking.walkableHighway(["highway": "cycleway", "foot": "designated"]) == "cycleway")
        #expect(OSMWalking.walkableHighway(["building": "yes"]) == nil)
    }

    @Test func theExtractsWalkwaysObeyTheRules() {
        #expect(HelsinkiNetwork.data.walkways.count > 1000)
        #expect(!HelsinkiNetwork.data.walkways.contains { $0.highway == "motorway" })
        #expect(HelsinkiNetwork.router.graph.vertexCount > 1000)
    }
}

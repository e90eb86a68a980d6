import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerRouting

/// Issue 51: a step says "turn" only where the way turns, judged over the way before and after.
@Suite("Route steps: turns that are turns")
struct RouteStepsTests {
    /// A point `east` and `north` metres from 60° N 25° E.
    private func at(east: Double, north: Double) -> Coordinate {
        Coordinate(latitude: 60 + north / 111_412, longitude: 25 + east / 55_800)
    }

    private func way(_ id: Int64, _ name: String?, _ highway: String, _ nodes: [(Int64, Coordinate)]) -> Walkway {
        Walkway(id: id, name: name, highway: highway, nodes: nodes.map(\.0), coordinates: nodes.map(\.1))
    }

    @Test("a 1 m jog between two unnamed paths going west is one step, not a left turn")
    func jogIsNoTurn() throws {
        let router = WalkingRouter(walkways: [
            way(1, nil, "footway", [(1, at(east: 200, north: 0)), (2, at(east: 100, north: 0))]),
            way(2, nil, "footway", [(2, at(east: 100, north: 0)), (3, at(east: 100, north: 1))]),
            way(3, nil, "path", [(3, at(east: 100, north: 1)), (4, at(east: 0, north: 1))]),
        ])
        let route = try router.route(from: at(east: 199, north: 0), to: at(east: 1, north: 1))
        #expect(route.steps.map(\.maneuver) == ["depart", "arrive"], "\(route.steps.map(\.instruction))")
        #expect(route.steps.first?.instruction == "Head west along the path")
    }

    @Test("straight on where only the name changes says continue onto it; a right angle is a turn, the way it goes")
    func continueAndTurn() throws {
        let router = WalkingRouter(walkways: [
            way(1, "Alpha", "residential", [(1, at(east: 0, north: 0)), (2, at(east: 0, north: 100))]),
            // A metre's jog where Alpha ends and Beta begins, as where two ways' ends were drawn apart.
            way(2, "Beta", "residential", [(2, at(east: 0, north: 100)), (3, at(east: 1, north: 101)), (4, at(east: 1, north: 200))]),
            way(3, "Gamma", "residential", [(4, at(east: 1, north: 200)), (5, at(east: 100, north: 200))]),
        ])
        let route = try router.route(from: at(east: 0, north: 1), to: at(east: 99, north: 200))
        #expect(
            route.steps.map(\.instruction) == [
                "Head north onto Alpha", "Continue onto Beta", "Turn right onto Gamma", "Arrive at your destination",
            ])
        #expect(route.steps[1].direction == "straight")
        #expect(route.steps[2].direction == "right")
    }

    @Test("on the Helsinki extract, every turn a route says changes the heading by 20° or more over 15 m and over 30 m either side")
    func helsinkiTurnsAreTurns() throws {
        let places = HelsinkiNetwork.data.places.filter { $0.name != nil }.prefix(40)
        var turns = 0
        for (a, b) in zip(places, places.dropFirst(7)) {
            guard let route = try? HelsinkiNetwork.router.route(from: a.position, to: b.position) else { continue }
            let points = route.geometry.points
            for step in route.steps where step.maneuver == "turn" {
                turns += 1
                let k = try #require(points.firstIndex(of: step.location))
                for span in [15.0, 30.0] {
                    let change = Self.headingChange(points, at: k, over: span)
                    #expect(abs(change) >= 19.5, "\(step.instruction): over \(span) m the way turns \(change)°")
                }
            }
        }
        #expect(turns > 20, "the routes should turn somewhere")
    }

    /// The change of heading at `points[k]` from the point `span` metres back along the line to the
    /// point `span` metres on (or the line's ends), in degrees, negative to the left.
    static func headingChange(_ points: [Coordinate], at k: Int, over span: Double) -> Double {
        func reach(_ indices: some Sequence<Int>) -> Int {
            var walked = 0.0, last = k
            for i in indices {
                walked += Geodesic.wgs84.inverse(points[last], points[i]).distance
                last = i
                if walked >= span { break }
            }
            return last
        }
        let before = reach(stride(from: k - 1, through: 0, by: -1)), after = reach(k + 1..<points.count)
        let change =
            Geodesic.wgs84.inverse(points[k], points[after]).initialAzimuth
            - Geodesic.wgs84.inverse(points[before], points[k]).initialAzimuth
        return (change + 540).truncatingRemainder(dividingBy: 360) - 180
    }
}

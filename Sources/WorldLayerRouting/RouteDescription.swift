import Foundation
import WorldLayerGeo

/// Turns a path of points into what a walker reads and sees: steps at each change of
/// street or real turn, and AR waypoints every few metres.
enum RouteDescription {
    static let walkingSpeed = 1.4  // m/s, 5 km/h
    static let stepsSpeed = 0.7  // stairs take twice as long
    static let waypointSpacing = 5.0
    static let waypointHeight = 1.0
    static let destinationHeight = 2.5

    /// A stretch walked on one street or path: what a step describes.
    struct Leg {
        var name: String?
        var highway: String
        var start: Coordinate
        var startBearing: Double
        var endBearing: Double
        var distance: Double
        var duration: Double
    }

    /// Legs shorter than this between two others (a crossing, a jog between sidewalks) are folded into the one before.
    static let shortestLeg = 15.0

    /// `ways[i]` is the way walked between `points[i]` and `points[i + 1]`.
    static func describe(points: [Coordinate], ways: [WalkingGraph.WayInfo], from: RouteEnd, to: RouteEnd) -> Route {
        let segments = zip(points, points.dropFirst()).map { Geodesic.wgs84.inverse($0, $1) }
        let legs = simplify(legs(points: points, ways: ways, segments: segments))
        var steps: [RouteStep] = []
        for (i, leg) in legs.enumerated() {
            if i == 0 {
                steps.append(step("depart", nil, leg))
            } else {
                let direction = self.direction(turnAngle(from: legs[i - 1].endBearing, to: leg.startBearing))
                steps.append(step(direction == "straight" ? "continue" : "turn", direction, leg))
            }
        }
        let length = legs.reduce(0) { $0 + $1.distance }
        let end = points.last ?? to.snapped
        steps.append(
            RouteStep(
                maneuver: "arrive", direction: nil, name: to.name, highway: ways.last?.highway ?? "footway", distance: 0, duration: 0,
                location: end, bearing: legs.last?.endBearing ?? 0, instruction: "Arrive at \(to.name ?? "your destination")"))
        let loose = zip(segments, ways).reduce(0) { $0 + ($1.1.looseSurface ? $1.0.distance : 0) }
        return Route(
            from: from, to: to, length: length, duration: legs.reduce(0) { $0 + $1.duration }, looseLength: loose,
            geometry: LineString(points),
            steps: steps,
            waypoints: waypoints(points: points, segments: segments),
            destination: ARWaypoint(latitude: end.latitude, longitude: end.longitude, along: length, bearing: 0, height: destinationHeight))
    }

    /// Consecutive segments on the same street (or the same kind of unnamed path) without a real turn.
    static func legs(points: [Coordinate], ways: [WalkingGraph.WayInfo], segments: [GeodesicLine]) -> [Leg] {
        var legs: [Leg] = []
        for (i, line) in segments.enumerated() {
            let way = ways[i]
            let time = line.distance / (way.highway == "steps" ? stepsSpeed : walkingSpeed)
            let bearing = compass(line.initialAzimuth)
            if var last = legs.last,
                line.distance < 0.01 || sameStreet(last, way) && abs(turnAngle(from: last.endBearing, to: bearing)) < 40
            {
                last.distance += line.distance
                last.duration += time
                if line.distance >= 0.01 { last.endBearing = compass(line.finalAzimuth) }
                legs[legs.count - 1] = last
            } else {
                legs.append(
                    Leg(
                        name: way.name, highway: way.highway, start: points[i], startBearing: bearing,
                        endBearing: compass(line.finalAzimuth),
                        distance: line.distance, duration: time))
            }
        }
        return legs
    }

    private static func sameStreet(_ leg: Leg, _ way: WalkingGraph.WayInfo) -> Bool {
        leg.name == way.name && (way.name != nil || leg.highway == way.highway)
    }

    /// Folds short middle legs into the leg before, then joins neighbours left on the same street.
    static func simplify(_ legs: [Leg]) -> [Leg] {
        var kept: [Leg] = []
        for (i, leg) in legs.enumerated() {
            if var last = kept.last, i < legs.count - 1, leg.distance < shortestLeg || (last.name != nil && last.name == leg.name) {
                last.distance += leg.distance
                last.duration += leg.duration
                last.endBearing = leg.endBearing
                kept[kept.count - 1] = last
            } else {
                kept.append(leg)
            }
        }
        return kept
    }

    private static func step(_ maneuver: String, _ direction: String?, _ leg: Leg) -> RouteStep {
        let onto = leg.name.map { " onto \($0)" } ?? " along the \(describe(leg.highway))"
        let instruction: String
        switch maneuver {
        case "depart": instruction = "Head \(cardinal(leg.startBearing))\(onto)"
        case "continue": instruction = "Continue\(onto)"
        default: instruction = direction == "u-turn" ? "Turn around\(onto)" : "Turn \(direction ?? "")\(onto)"
        }
        return RouteStep(
            maneuver: maneuver, direction: direction, name: leg.name, highway: leg.highway, distance: leg.distance, duration: leg.duration,
            location: leg.start, bearing: leg.startBearing, instruction: instruction)
    }

    /// Points every `waypointSpacing` metres along the path, each with the bearing onward.
    ///
    /// Segments between OSM nodes are short, so a point is interpolated linearly in latitude and
    /// longitude at its geodesic fraction; on a 1 km segment that is off the geodesic by under a
    /// centimetre, and Geodesic.direct per waypoint would cost more than the route search.
    static func waypoints(points: [Coordinate], segments: [GeodesicLine]) -> [ARWaypoint] {
        var result: [ARWaypoint] = []
        var along = 0.0
        var next = 0.0
        for (i, line) in segments.enumerated() where line.distance > 0 {
            let (a, b) = (points[i], points[i + 1])
            while next <= along + line.distance {
                let f = (next - along) / line.distance
                result.append(
                    ARWaypoint(
                        latitude: a.latitude + f * (b.latitude - a.latitude), longitude: a.longitude + f * (b.longitude - a.longitude),
                        along: next,
                        bearing: compass(line.initialAzimuth + f * turnAngle(from: line.initialAzimuth, to: line.finalAzimuth)),
                        height: waypointHeight))
                next += waypointSpacing
            }
            along += line.distance
        }
        return result
    }

    static func compass(_ azimuth: Double) -> Double { azimuth < 0 ? azimuth + 360 : azimuth }

    /// Signed change of heading in degrees, −180…180 (negative: left).
    static func turnAngle(from a: Double, to b: Double) -> Double {
        var d = b - a
        while d > 180 { d -= 360 }
        while d < -180 { d += 360 }
        return d
    }

    static func direction(_ turn: Double) -> String {
        let side = turn < 0 ? "left" : "right"
        switch abs(turn) {
        case ..<20: return "straight"
        case ..<60: return "slight \(side)"
        case ..<135: return side
        case ..<170: return "sharp \(side)"
        default: return "u-turn"
        }
    }

    static func cardinal(_ bearing: Double) -> String {
        ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"][
            Int(((bearing + 22.5) / 45).rounded(.down)) % 8]
    }

    static func describe(_ highway: String) -> String {
        switch highway {
        case "footway", "path", "corridor": return "path"
        case "steps": return "steps"
        case "pedestrian", "living_street": return "pedestrian street"
        case "track": return "track"
        case "platform": return "platform"
        case "pier": return "pier"
        default: return "street"
        }
    }
}

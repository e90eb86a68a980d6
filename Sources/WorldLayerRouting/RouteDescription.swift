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
        /// The index in the path's points where the leg starts.
        var first: Int
        var start: Coordinate
        var endBearing: Double
        var distance: Double
        var duration: Double
    }

    /// Legs shorter than this between two others (a crossing, a jog between sidewalks) are folded into the one before.
    static let shortestLeg = 15.0
    /// How far before and after a turn the way's heading is judged: over the last metre, a 1 m jog
    /// between two sidewalks read as a left turn where the way went straight on.
    static let turnSpan = 15.0

    /// `ways[i]` is the way walked between `points[i]` and `points[i + 1]`.
    static func describe(points: [Coordinate], ways: [WalkingGraph.WayInfo], from: RouteEnd, to: RouteEnd) -> Route {
        let segments = zip(points, points.dropFirst()).map { Geodesic.wgs84.shortInverse($0, $1) }
        let turns = TurnJudge(points: points, segments: segments)
        let legs = joinStraightOn(simplify(legs(points: points, ways: ways, segments: segments)), turns)
        var steps: [RouteStep] = []
        for (i, leg) in legs.enumerated() {
            if i == 0 {
                steps.append(step("depart", nil, leg, heading: turns.departure(at: leg.first)))
            } else {
                let direction = self.direction(turns.turn(at: leg.first))
                steps.append(step(direction == "straight" ? "continue" : "turn", direction, leg, heading: turns.departure(at: leg.first)))
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
                        name: way.name, highway: way.highway, first: i, start: points[i],
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
        joined(legs) { last, leg, i in i < legs.count - 1 && (leg.distance < shortestLeg || (last.name != nil && last.name == leg.name)) }
    }

    /// Joins a leg to the one before when the way goes straight on and a walker would read the same
    /// words (two unnamed paths, or one street split into several ways): no step says "turn" or
    /// "continue along the path" where nothing changes.
    static func joinStraightOn(_ legs: [Leg], _ turns: TurnJudge) -> [Leg] {
        joined(legs) { last, leg, _ in direction(turns.turn(at: leg.first)) == "straight" && reads(last) == reads(leg) }
    }

    /// `legs` with each leg for which `joins(kept leg before, leg, its index)` holds folded into the one before.
    private static func joined(_ legs: [Leg], where joins: (Leg, Leg, Int) -> Bool) -> [Leg] {
        var kept: [Leg] = []
        for (i, leg) in legs.enumerated() {
            if var last = kept.last, joins(last, leg, i) {
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

    /// What a step says of where it goes: the street's name, or the kind of way.
    private static func reads(_ leg: Leg) -> String { leg.name ?? describe(leg.highway) }

    private static func step(_ maneuver: String, _ direction: String?, _ leg: Leg, heading: Double) -> RouteStep {
        let onto = leg.name.map { " onto \($0)" } ?? " along the \(describe(leg.highway))"
        let instruction: String
        switch maneuver {
        case "depart": instruction = "Head \(cardinal(heading))\(onto)"
        case "continue": instruction = "Continue\(onto)"
        default: instruction = direction == "u-turn" ? "Turn around\(onto)" : "Turn \(direction ?? "")\(onto)"
        }
        return RouteStep(
            maneuver: maneuver, direction: direction, name: leg.name, highway: leg.highway, distance: leg.distance, duration: leg.duration,
            location: leg.start, bearing: heading, instruction: instruction)
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

    /// The way's heading into and out of a point of the path, judged over ``turnSpan`` and twice that.
    struct TurnJudge {
        let points: [Coordinate]
        let segments: [GeodesicLine]

        /// The signed change of heading at `points[k]` (negative: left): the smaller of the changes over
        /// one and two spans, none when they disagree on the side. A sidewalk that steps 3 m aside
        /// twice turns 30° over 15 m and not at all over 30 m: it is no turn; a corner turns over both.
        func turn(at k: Int) -> Double {
            let near = turnAngle(from: approach(at: k, over: turnSpan), to: departure(at: k, over: turnSpan))
            let far = turnAngle(from: approach(at: k, over: 2 * turnSpan), to: departure(at: k, over: 2 * turnSpan))
            guard near.sign == far.sign else { return 0 }
            return abs(near) < abs(far) ? near : far
        }

        /// The heading from `span` before `points[k]` (or the path's start) to it.
        func approach(at k: Int, over span: Double = turnSpan) -> Double {
            var j = k, walked = 0.0
            while j > 0, walked < span {
                j -= 1
                walked += segments[j].distance
            }
            return heading(from: j, to: k) ?? compass(segments[max(0, min(k, segments.count) - 1)].finalAzimuth)
        }

        /// The heading from `points[k]` to `span` after it (or the path's end).
        func departure(at k: Int, over span: Double = turnSpan) -> Double {
            var j = k, walked = 0.0
            while j < segments.count, walked < span {
                walked += segments[j].distance
                j += 1
            }
            return heading(from: k, to: j) ?? compass(segments[min(k, segments.count - 1)].initialAzimuth)
        }

        private func heading(from a: Int, to b: Int) -> Double? {
            let line = Geodesic.wgs84.shortInverse(points[a], points[b])
            return line.distance > 0.5 ? compass(line.initialAzimuth) : nil
        }
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

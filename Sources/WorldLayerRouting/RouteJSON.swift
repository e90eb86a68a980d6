import Foundation
import WorldLayerCore
import WorldLayerGeo

/// A route written as the wire's JSON (sorted keys, slashes unescaped: `WireJSON`) by hand.
///
/// `JSONEncoder` took ~700 µs for a 700 m route (its geometry, steps and ~140 AR waypoints are a
/// thousand numbers), six times the search itself (`bench/run routing`); a route is written on every
/// route and reroute request. Numbers are written to a known precision (``degrees``, ``measures``)
/// rather than in their shortest exact form, which for OSM's coordinates is 17 digits and took a
/// fifth of a described route's time. `RouteJSONTests` checks that, read back, this is the route to
/// that precision, and what `JSONEncoder` writes for it.
public enum RouteJSON {
    /// Places written for latitudes and longitudes: OSM stores whole 1e-7°, about a centimetre.
    public static let degrees = 7
    /// Places written for metres, seconds and compass bearings: a hundredth.
    public static let measures = 2

    public static func encode(_ route: Route) -> [UInt8] {
        var w = WireJSONWriter()
        w.object { w in
            w.key("destination")
            w.waypoint(route.destination)
            w.key("duration", measure: route.duration)
            w.key("from")
            w.end(route.from)
            w.key("geometry")
            w.object { w in
                w.key("coordinates")
                w.array(route.geometry.coordinates) { w, pair in w.array(pair) { w, x in w.number(x, decimals: RouteJSON.degrees) } }
                w.key("type", route.geometry.type)
            }
            w.key("length", measure: route.length)
            w.key("looseLength", measure: route.looseLength)
            w.key("steps")
            w.array(route.steps) { w, step in w.step(step) }
            w.key("to")
            w.end(route.to)
            w.key("waypoints")
            w.array(route.waypoints) { w, waypoint in w.waypoint(waypoint) }
        }
        return w.bytes
    }
}

extension WireJSONWriter {
    mutating func coordinate(_ c: Coordinate) {
        object { w in
            w.key("latitude", degrees: c.latitude)
            w.key("longitude", degrees: c.longitude)
        }
    }

    mutating func end(_ end: RouteEnd) {
        object { w in
            if let name = end.name { w.key("name", name) }
            if let place = end.placeId { w.key("placeId", place) }
            w.key("requested")
            w.coordinate(end.requested)
            w.key("snapDistance", measure: end.snapDistance)
            w.key("snapped")
            w.coordinate(end.snapped)
        }
    }

    mutating func step(_ step: RouteStep) {
        object { w in
            w.key("bearing", measure: step.bearing)
            if let direction = step.direction { w.key("direction", direction) }
            w.key("distance", measure: step.distance)
            w.key("duration", measure: step.duration)
            w.key("highway", step.highway)
            w.key("instruction", step.instruction)
            w.key("location")
            w.coordinate(step.location)
            w.key("maneuver", step.maneuver)
            if let name = step.name { w.key("name", name) }
        }
    }

    mutating func waypoint(_ p: ARWaypoint) {
        object { w in
            w.key("along", measure: p.along)
            w.key("bearing", measure: p.bearing)
            w.key("height", measure: p.height)
            w.key("latitude", degrees: p.latitude)
            w.key("longitude", degrees: p.longitude)
        }
    }

    mutating func key(_ name: StaticString, degrees value: Double) {
        key(name)
        number(value, decimals: RouteJSON.degrees)
    }

    mutating func key(_ name: StaticString, measure value: Double) {
        key(name)
        number(value, decimals: RouteJSON.measures)
    }
}

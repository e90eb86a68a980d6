import Foundation
import WorldLayerCore
import WorldLayerGeo

/// A route written as the wire's JSON (sorted keys, slashes unescaped: `WireJSON`) by hand.
///
/// `JSONEncoder` took ~700 µs for a 700 m route (its geometry, steps and ~140 AR waypoints are a
/// thousand numbers), six times the search itself (`bench/run routing`); a route is written on every
/// route and reroute request. `RouteJSONTests` checks that this writes what `JSONEncoder` writes.
public enum RouteJSON {
    public static func encode(_ route: Route) -> [UInt8] {
        var w = WireJSONWriter()
        w.object { w in
            w.key("destination")
            w.waypoint(route.destination)
            w.key("duration", route.duration)
            w.key("from")
            w.end(route.from)
            w.key("geometry")
            w.object { w in
                w.key("coordinates")
                w.array(route.geometry.coordinates) { w, pair in w.array(pair) { w, x in w.number(x) } }
                w.key("type", route.geometry.type)
            }
            w.key("length", route.length)
            w.key("looseLength", route.looseLength)
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
            w.key("latitude", c.latitude)
            w.key("longitude", c.longitude)
        }
    }

    mutating func end(_ end: RouteEnd) {
        object { w in
            if let name = end.name { w.key("name", name) }
            if let place = end.placeId { w.key("placeId", place) }
            w.key("requested")
            w.coordinate(end.requested)
            w.key("snapDistance", end.snapDistance)
            w.key("snapped")
            w.coordinate(end.snapped)
        }
    }

    mutating func step(_ step: RouteStep) {
        object { w in
            w.key("bearing", step.bearing)
            if let direction = step.direction { w.key("direction", direction) }
            w.key("distance", step.distance)
            w.key("duration", step.duration)
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
            w.key("along", p.along)
            w.key("bearing", p.bearing)
            w.key("height", p.height)
            w.key("latitude", p.latitude)
            w.key("longitude", p.longitude)
        }
    }
}

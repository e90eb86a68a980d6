import Foundation
import WorldLayerGeo

/// A route written as the wire's JSON (sorted keys, slashes unescaped: `WireJSON`) by hand.
///
/// `JSONEncoder` took ~700 µs for a 700 m route (its geometry, steps and ~140 AR waypoints are a
/// thousand numbers), six times the search itself (`bench/run routing`); a route is written on every
/// route and reroute request. `RouteJSONTests` checks that this writes what `JSONEncoder` writes.
public enum RouteJSON {
    public static func encode(_ route: Route) -> [UInt8] {
        var w = Writer()
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

    /// Appends JSON text; keys are written in the order given, which callers keep sorted.
    struct Writer {
        var bytes: [UInt8] = []
        private var first = true

        init() { bytes.reserveCapacity(16_384) }

        mutating func object(_ body: (inout Writer) -> Void) {
            bytes.append(UInt8(ascii: "{"))
            first = true
            body(&self)
            bytes.append(UInt8(ascii: "}"))
            first = false
        }

        mutating func array<T>(_ items: [T], _ each: (inout Writer, T) -> Void) {
            bytes.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                first = true
                each(&self, item)
            }
            bytes.append(UInt8(ascii: "]"))
            first = false
        }

        /// A key: a literal, plain ASCII, so it is copied without escaping.
        mutating func key(_ name: StaticString) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }

        mutating func key(_ name: StaticString, _ value: Double) {
            key(name)
            number(value)
        }

        mutating func key(_ name: StaticString, _ value: String) {
            key(name)
            string(value)
        }

        /// As `JSONEncoder` writes a Double: its shortest form, without a trailing ".0".
        mutating func number(_ value: Double) {
            let text = value.description.utf8  // up to 15 bytes, as most coordinates are, it stays off the heap
            if text.count >= 2, text.last == UInt8(ascii: "0"), text[text.index(text.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
                bytes.append(contentsOf: text.dropLast(2))
            } else {
                bytes.append(contentsOf: text)
            }
        }

        /// Quotes, backslashes and control characters escaped; everything else as UTF-8.
        mutating func string(_ value: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

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
}

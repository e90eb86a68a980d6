import Foundation
import WorldLayerCore
import WorldLayerGeo

/// What an import takes from an OSM file: the walkable ways, the named places, the buildings'
/// outlines, and the area the file covers (so that a re-import can drop what has gone from it).
public struct OSMMapData: Sendable {
    public var walkways: [Walkway] = []
    public var places: [Place] = []
    public var buildings: [Building] = []
    /// South-west and north-east corners of every node in the file.
    public var bounds: (south: Double, west: Double, north: Double, east: Double)?

    /// Reads the whole file first: a truncated or corrupt file throws before anything is returned.
    public static func read(_ url: URL, now: Date = Date(), progress: (Int, Int) -> Void = { _, _ in }) throws -> OSMMapData {
        var data = OSMMapData()
        var coordinates: [Int64: Coordinate] = [:]
        var ways: [OSMWay] = []
        var barriers = Set<Int64>()
        try OSMFile.read(url, progress: progress) { element in
            switch element {
            case .node(let n):
                let c = Coordinate(latitude: n.latitude, longitude: n.longitude)
                coordinates[n.id] = c
                data.extend(c)
                if !n.tags.isEmpty, OSMWalking.isBarrier(n.tags) { barriers.insert(n.id) }
                if let place = OSMPlaces.place(tags: n.tags, source: "osm:node/\(n.id)", position: c, footprint: nil, now: now) {
                    data.places.append(place)
                }
            case .way(let w):
                if OSMWalking.walkableHighway(w.tags) != nil || OSMPlaces.isPlace(w.tags) || OSMPlaces.isBuilding(w.tags) { ways.append(w) }
            case .relation:
                break
            }
        }
        for w in ways {
            if let highway = OSMWalking.walkableHighway(w.tags) {
                let underground = (w.tags["tunnel"].map { $0 != "no" } ?? false) || (Int(w.tags["layer"] ?? "0") ?? 0) < 0
                let loose = w.tags["surface"].flatMap { OSMWalking.looseSurfaces.contains($0) ? $0 : nil }
                data.walkways += walkable(
                    w, name: w.tags["name"] ?? w.tags["ref"], highway: highway, underground: underground, looseSurface: loose,
                    coordinates: coordinates, barriers: barriers)
            }
            let points = w.nodes.compactMap { coordinates[$0] }
            guard points.count == w.nodes.count, points.count >= 2 else { continue }  // Clipped at the extract's edge.
            let outline = w.isClosed ? points : nil
            if let outline, outline.count >= 4, OSMPlaces.isBuilding(w.tags) {
                data.buildings.append(
                    Building(
                        id: w.id, name: w.tags["name"], kind: w.tags["building"]!, outline: outline,
                        levels: w.tags["building:levels"].flatMap { Int($0) }))
            }
            let position = outline.map(OSMPlaces.centroid) ?? points[points.count / 2]
            if let place = OSMPlaces.place(tags: w.tags, source: "osm:way/\(w.id)", position: position, footprint: outline, now: now) {
                data.places.append(place)
            }
        }
        return data
    }

    /// The walkable pieces of a way: cut at each barrier on it (a wall, a locked gate), where
    /// each piece reaches the barrier through a node of its own so that no walk passes through
    /// it (as in OSRM), and cut where the extract clipped it, keeping what lies inside. Pieces
    /// after the first get negative ids, which OSM never uses.
    static func walkable(
        _ w: OSMWay, name: String?, highway: String, underground: Bool, looseSurface: String?, coordinates: [Int64: Coordinate],
        barriers: Set<Int64>
    ) -> [Walkway] {
        // Wrapping arithmetic: ids come from the file, and a hostile one must not trap.
        func own(_ i: Int, _ side: Int64) -> Int64 { 0 &- ((w.id &* 8192 &+ Int64(i)) &* 2 &+ side) &- 1 }
        var pieces: [Walkway] = []
        var nodes: [Int64] = [], points: [Coordinate] = []
        func close(at i: Int) {
            if nodes.count >= 2 {
                pieces.append(
                    Walkway(
                        id: pieces.isEmpty ? w.id : 0 &- (w.id &* 8192 &+ Int64(i)), name: name, highway: highway, nodes: nodes,
                        coordinates: points,
                        underground: underground ? true : nil, looseSurface: looseSurface))
            }
            nodes = []
            points = []
        }
        for (i, node) in w.nodes.enumerated() {
            guard let point = coordinates[node] else {
                close(at: i)
                continue
            }
            if barriers.contains(node) {
                nodes.append(own(i, 0))
                points.append(point)
                close(at: i)
                nodes = [own(i, 1)]
                points = [point]
            } else {
                nodes.append(node)
                points.append(point)
            }
        }
        close(at: w.nodes.count)
        return pieces
    }

    private mutating func extend(_ c: Coordinate) {
        guard let b = bounds else { bounds = (c.latitude, c.longitude, c.latitude, c.longitude); return }
        bounds = (min(b.south, c.latitude), min(b.west, c.longitude), max(b.north, c.latitude), max(b.east, c.longitude))
    }
}

/// Named buildings, amenities, tourism and historic features, as places.
public enum OSMPlaces {
    /// Tag keys that make a named feature a place, most telling first.
    static let kindKeys = ["tourism", "historic", "amenity", "leisure", "shop", "building"]

    /// A way drawn as a building: `building=*` other than `no` (multipolygon buildings, relations, are not read).
    static func isBuilding(_ tags: [String: String]) -> Bool {
        tags["building"].map { $0 != "no" } ?? false
    }

    static func isPlace(_ tags: [String: String]) -> Bool {
        tags["name"] != nil && kindKeys.contains { tags[$0] != nil && tags[$0] != "no" }
    }

    static func place(tags: [String: String], source: String, position: Coordinate, footprint: [Coordinate]?, now: Date) -> Place? {
        guard let name = tags["name"], isPlace(tags), let key = kindKeys.first(where: { tags[$0] != nil && tags[$0] != "no" }) else {
            return nil
        }
        var names: [String: String] = [:]
        for (k, v) in tags where k.hasPrefix("name:") { names[String(k.dropFirst(5))] = v }
        return Place(
            id: Place.ID(), name: name, names: names, kind: "\(key):\(tags[key]!)", position: position, footprint: footprint,
            description: tags["description"], openingHours: tags["opening_hours"], address: address(tags), tags: tags, source: source,
            updatedAt: now)
    }

    /// "Street 1, 00100 Helsinki" from `addr:*` tags.
    static func address(_ tags: [String: String]) -> String? {
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let city = [tags["addr:postcode"], tags["addr:city"]].compactMap { $0 }.joined(separator: " ")
        let parts = [street, city].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Area centroid of a small ring, in a plane scaled by the cosine of its latitude.
    static func centroid(_ ring: [Coordinate]) -> Coordinate {
        let k = cos(ring[0].latitude * .pi / 180)
        var area = 0.0, x = 0.0, y = 0.0
        for i in 0..<(ring.count - 1) {
            let (x0, y0) = ((ring[i].longitude - ring[0].longitude) * k, ring[i].latitude - ring[0].latitude)
            let (x1, y1) = ((ring[i + 1].longitude - ring[0].longitude) * k, ring[i + 1].latitude - ring[0].latitude)
            let cross = x0 * y1 - x1 * y0
            area += cross
            x += (x0 + x1) * cross
            y += (y0 + y1) * cross
        }
        guard abs(area) > 1e-18 else { return ring[0] }
        return Coordinate(latitude: ring[0].latitude + y / (3 * area), longitude: ring[0].longitude + x / (3 * area * k))
    }
}

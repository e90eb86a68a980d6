import Foundation
import WorldLayerCore
import WorldLayerGeo

/// Finds the places where stickers should not go: cemeteries (`landuse=cemetery`,
/// `amenity=grave_yard`) and memorials and monuments (`historic=memorial|monument`),
/// as closed ways, multipolygon outer rings, or — for a memorial mapped as a point —
/// a small circle around it.
public enum OSMZones {
    /// Radius of the zone drawn around a memorial that is mapped as a single node.
    public static let pointRadius = 10.0

    public static func kind(of tags: [String: String]) -> String? {
        if tags["landuse"] == "cemetery" { return "cemetery" }
        if tags["amenity"] == "grave_yard" { return "grave_yard" }
        if let h = tags["historic"], h == "memorial" || h == "monument" { return h }
        return nil
    }

    public static func extract(from url: URL, progress: (Int, Int) -> Void = { _, _ in }) throws -> [RestrictedZone] {
        var coordinates: [Int64: Coordinate] = [:]
        var ways: [Int64: OSMWay] = [:]
        var zones: [RestrictedZone] = []
        var relations: [OSMRelation] = []
        try OSMFile.read(url, progress: progress) { element in
            switch element {
            case .node(let n):
                coordinates[n.id] = Coordinate(latitude: n.latitude, longitude: n.longitude)
                if let kind = kind(of: n.tags) {
                    zones.append(zone(n.tags, kind: kind, source: "osm:node/\(n.id)", ring: circle(around: coordinates[n.id]!)))
                }
            case .way(let w):
                ways[w.id] = w
            case .relation(let r):
                if r.tags["type"] == "multipolygon", kind(of: r.tags) != nil { relations.append(r) }
            }
        }
        for w in ways.values.sorted(by: { $0.id < $1.id }) {
            guard let kind = kind(of: w.tags), w.isClosed else { continue }
            let ring = w.nodes.compactMap { coordinates[$0] }
            if ring.count == w.nodes.count { zones.append(zone(w.tags, kind: kind, source: "osm:way/\(w.id)", ring: ring)) }
        }
        for r in relations {
            let outers = r.members.filter { $0.kind == .way && ($0.role == "outer" || $0.role.isEmpty) }.compactMap { ways[$0.ref]?.nodes }
            for (i, ring) in joinRings(outers).enumerated() {
                let points = ring.compactMap { coordinates[$0] }
                guard points.count == ring.count else { continue }
                zones.append(zone(r.tags, kind: kind(of: r.tags)!, source: "osm:relation/\(r.id)#\(i)", ring: points))
            }
        }
        return zones.filter { $0.polygon.isValid }
    }

    private static func zone(_ tags: [String: String], kind: String, source: String, ring: [Coordinate]) -> RestrictedZone {
        RestrictedZone(
            name: tags["name"] ?? tags["name:en"] ?? "Unnamed \(kind.replacingOccurrences(of: "_", with: " "))", kind: kind, source: source,
            polygon: GeoPolygon(ring))
    }

    static func circle(around c: Coordinate, radius: Double = pointRadius) -> [Coordinate] {
        (0..<12).map { Geodesic.wgs84.direct(from: c, azimuth: Double($0) * 30, distance: radius).coordinate }
    }

    /// Joins way segments end to end into closed rings (multipolygon outers are often split).
    static func joinRings(_ segments: [[Int64]]) -> [[Int64]] {
        var open = segments.filter { $0.count >= 2 }
        var rings: [[Int64]] = []
        while var ring = open.popLast() {
            var grown = true
            while ring.first != ring.last, grown {
                grown = false
                for (i, s) in open.enumerated() {
                    if s.first == ring.last {
                        ring += s.dropFirst()
                    } else if s.last == ring.last {
                        ring += s.reversed().dropFirst()
                    } else {
                        continue
                    }
                    open.remove(at: i)
                    grown = true
                    break
                }
            }
            if ring.count >= 4, ring.first == ring.last { rings.append(ring) }
        }
        return rings
    }
}

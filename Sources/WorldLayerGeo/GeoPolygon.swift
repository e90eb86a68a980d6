import Foundation

/// A simple polygon on the map (one outer ring, no holes), small enough that its
/// edges can be treated as straight in latitude/longitude: a cemetery, a memorial.
public struct GeoPolygon: Sendable, Hashable, Codable {
    /// Vertices in order; the ring closes itself (the last need not repeat the first).
    public var ring: [Coordinate]

    public init(_ ring: [Coordinate]) {
        var ring = ring
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        self.ring = ring
    }

    /// Three or more distinct, valid vertices spanning less than 180° of longitude.
    public var isValid: Bool {
        guard ring.count >= 3, ring.allSatisfy(\.isValid), Set(ring).count >= 3 else { return false }
        let longitudes = ring.map(\.longitude)
        return longitudes.max()! - longitudes.min()! < 180
    }

    public var bounds: CellBounds {
        CellBounds(
            south: ring.map(\.latitude).min() ?? 0, west: ring.map(\.longitude).min() ?? 0,
            north: ring.map(\.latitude).max() ?? 0, east: ring.map(\.longitude).max() ?? 0)
    }

    /// Even–odd ray casting; points on an edge count as inside, so a border never lets a sticker through.
    public func contains(_ p: Coordinate) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if Self.onSegment(p, a, b) { return true }
            if (a.latitude > p.latitude) != (b.latitude > p.latitude) {
                let t = (p.latitude - a.latitude) / (b.latitude - a.latitude)
                if p.longitude < a.longitude + t * (b.longitude - a.longitude) { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    private static func onSegment(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        let cross = (b.longitude - a.longitude) * (p.latitude - a.latitude) - (b.latitude - a.latitude) * (p.longitude - a.longitude)
        guard abs(cross) < 1e-12 else { return false }
        return p.latitude >= min(a.latitude, b.latitude) && p.latitude <= max(a.latitude, b.latitude)
            && p.longitude >= min(a.longitude, b.longitude) && p.longitude <= max(a.longitude, b.longitude)
    }
}

import Foundation
import WorldLayerGeo

/// A point on the walking network: the nearest spot on any edge to where someone pressed.
public struct SnappedPoint: Sendable {
    /// The edge's two ends (vertex indexes) and how far along it the spot is (0 at `from`, 1 at `to`).
    public var from: Int
    public var to: Int
    public var fraction: Double
    public var edgeLength: Double
    public var way: Int32
    public var coordinate: Coordinate
    /// Metres from the requested point to the network.
    public var distance: Double
}

/// Finds the nearest edge to a point through a grid of buckets (~200 m) that lists the edges crossing each.
struct EdgeSnapper: Sendable {
    static let bucketDegreesLatitude = 0.002
    private let bucketDegreesLongitude: Double
    private let buckets: [Int64: [Int32]]
    /// One entry per undirected edge: its first directed edge index.
    private let undirected: [Int32]

    init(_ g: WalkingGraph) {
        let meanLatitude = g.latitudes.isEmpty ? 0 : g.latitudes.reduce(0, +) / Double(g.latitudes.count)
        let longitudeSize = Self.bucketDegreesLatitude / max(0.05, cos(meanLatitude * .pi / 180))
        bucketDegreesLongitude = longitudeSize
        var undirected: [Int32] = []
        var buckets: [Int64: [Int32]] = [:]
        for v in 0..<g.vertexCount {
            for e in Int(g.firstEdge[v])..<Int(g.firstEdge[v + 1]) where Int(g.edgeTarget[e]) > v {
                let id = Int32(undirected.count)
                undirected.append(Int32(e))
                let w = Int(g.edgeTarget[e])
                let rows = Self.bucketRange(min(g.latitudes[v], g.latitudes[w]), max(g.latitudes[v], g.latitudes[w]), Self.bucketDegreesLatitude)
                let columns = Self.bucketRange(min(g.longitudes[v], g.longitudes[w]), max(g.longitudes[v], g.longitudes[w]), longitudeSize)
                for r in rows { for c in columns { buckets[Self.key(r, c), default: []].append(id) } }
            }
        }
        self.undirected = undirected
        self.buckets = buckets
    }

    private static func key(_ row: Int, _ column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: Int32(column))) }

    private static func bucketRange(_ low: Double, _ high: Double, _ size: Double) -> ClosedRange<Int> {
        Int((low / size).rounded(.down))...Int((high / size).rounded(.down))
    }

    /// The nearest spot on the network within `maximumDistance` metres, or nil.
    func nearest(to p: Coordinate, within maximumDistance: Double, in g: WalkingGraph) -> SnappedPoint? {
        let metresPerDegreeLatitude = 111_132.954
        let metresPerDegreeLongitude = 111_319.491 * cos(p.latitude * .pi / 180)
        let dLat = maximumDistance / metresPerDegreeLatitude, dLon = maximumDistance / max(1, metresPerDegreeLongitude)
        var best: (id: Int32, t: Double, d2: Double)?
        var seen = Set<Int32>()
        for r in Self.bucketRange(p.latitude - dLat, p.latitude + dLat, Self.bucketDegreesLatitude) {
            for c in Self.bucketRange(p.longitude - dLon, p.longitude + dLon, bucketDegreesLongitude) {
                for id in buckets[Self.key(r, c)] ?? [] where seen.insert(id).inserted {
                    let e = Int(undirected[Int(id)])
                    let a = edgeSource(e, g), b = Int(g.edgeTarget[e])
                    // In metres, in a plane around p.
                    let ax = (g.longitudes[a] - p.longitude) * metresPerDegreeLongitude, ay = (g.latitudes[a] - p.latitude) * metresPerDegreeLatitude
                    let bx = (g.longitudes[b] - p.longitude) * metresPerDegreeLongitude, by = (g.latitudes[b] - p.latitude) * metresPerDegreeLatitude
                    let (dx, dy) = (bx - ax, by - ay)
                    let lengthSquared = dx * dx + dy * dy
                    let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
                    let (x, y) = (ax + t * dx, ay + t * dy)
                    let d2 = x * x + y * y
                    if best == nil || d2 < best!.d2 || (d2 == best!.d2 && id < best!.id) { best = (id, t, d2) }
                }
            }
        }
        guard let best, best.d2.squareRoot() <= maximumDistance else { return nil }
        let e = Int(undirected[Int(best.id)])
        let a = edgeSource(e, g), b = Int(g.edgeTarget[e])
        let spot = Coordinate(
            latitude: g.latitudes[a] + best.t * (g.latitudes[b] - g.latitudes[a]),
            longitude: g.longitudes[a] + best.t * (g.longitudes[b] - g.longitudes[a]))
        return SnappedPoint(
            from: a, to: b, fraction: best.t, edgeLength: g.edgeLength[e], way: g.edgeWay[e], coordinate: spot,
            distance: Geodesic.wgs84.inverse(p, spot).distance)
    }

    /// The vertex an edge leaves.
    private func edgeSource(_ e: Int, _ g: WalkingGraph) -> Int { g.source(of: e) }
}

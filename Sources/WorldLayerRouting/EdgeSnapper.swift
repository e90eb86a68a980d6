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

/// Finds the nearest edge to a point through a grid of buckets (~55 m) that lists the edges crossing each.
struct EdgeSnapper: Sendable {
    static let bucketDegreesLatitude = 0.0005
    static let pedestrianHighways: Set<String> = ["footway", "pedestrian", "path", "steps", "corridor", "platform", "elevator"]

    /// Metres an underground edge counts farther than it is. A point on the map means the surface: a pedestrian
    /// tunnel (a metro or shopping corridor, where people do walk) loses only a tie to the street above;
    /// a road under ground (a car park ramp beneath a square's statue) is chosen only when no surface
    /// path lies within 40 m more.
    static func penalty(highway: String) -> Double {
        pedestrianHighways.contains(highway) ? 0.5 : 40
    }
    private let bucketDegreesLongitude: Double
    private let buckets: [Int64: [Int32]]
    /// One entry per undirected edge: a directed edge index and the vertex it leaves.
    private let undirected: [(edge: Int32, source: Int32)]

    init(_ g: WalkingGraph) {
        let meanLatitude = g.latitudes.isEmpty ? 0 : g.latitudes.reduce(0, +) / Double(g.latitudes.count)
        let longitudeSize = Self.bucketDegreesLatitude / max(0.05, cos(meanLatitude * .pi / 180))
        bucketDegreesLongitude = longitudeSize
        var undirected: [(edge: Int32, source: Int32)] = []
        var buckets: [Int64: [Int32]] = [:]
        for v in 0..<g.vertexCount {
            for e in Int(g.firstEdge[v])..<Int(g.firstEdge[v + 1]) where Int(g.edgeTarget[e]) > v {
                let id = Int32(undirected.count)
                undirected.append((Int32(e), Int32(v)))
                let w = Int(g.edgeTarget[e])
                let rows = Self.bucketRange(
                    min(g.latitudes[v], g.latitudes[w]), max(g.latitudes[v], g.latitudes[w]), Self.bucketDegreesLatitude)
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
    ///
    /// Looks within 10 m first, then 50 m: every edge that close crosses a bucket of that box, so a
    /// hit there is final; only a point far from paths pays for the whole search. (A point on a path,
    /// as most are, is settled by the 10 m box's one to four buckets: a 50 m box was four to nine,
    /// and in a city centre snapping took a tenth of a described route's time.)
    func nearest(to p: Coordinate, within maximumDistance: Double, in g: WalkingGraph, offIslands: Bool = false) -> SnappedPoint? {
        var best: (id: Int32, t: Double, d2: Double, score: Double)?
        for reach in [10, 50].filter({ $0 < maximumDistance }) + [maximumDistance] {
            best = search(p, reach, g, offIslands: offIslands)
            // Final only if nothing beyond the reach could score better (a tunnel's penalty counts).
            if let b = best, b.score <= reach * reach { break }
        }
        return best.flatMap { spot(($0.id, $0.t, $0.d2), p, maximumDistance, g) }
    }

    private func search(_ p: Coordinate, _ reach: Double, _ g: WalkingGraph, offIslands: Bool) -> (
        id: Int32, t: Double, d2: Double, score: Double
    )? {
        let plane = LocalPlane(p)
        let dLat = reach / LocalPlane.metresPerDegreeLatitude, dLon = reach / max(1, plane.metresPerDegreeLongitude)
        var best: (id: Int32, t: Double, d2: Double, score: Double)?
        for r in Self.bucketRange(p.latitude - dLat, p.latitude + dLat, Self.bucketDegreesLatitude) {
            for c in Self.bucketRange(p.longitude - dLon, p.longitude + dLon, bucketDegreesLongitude) {
                // An edge in several buckets is measured again: cheaper than remembering it.
                for id in buckets[Self.key(r, c)] ?? [] {
                    let e = Int(undirected[Int(id)].edge)
                    let a = Int(undirected[Int(id)].source), b = Int(g.edgeTarget[e])
                    if offIslands, g.isOnIsland(a) { continue }
                    let (t, d2) = plane.nearest(
                        onSegment: plane.xy(g.latitudes[a], g.longitudes[a]), plane.xy(g.latitudes[b], g.longitudes[b]))
                    let way = Int(g.edgeWay[e])
                    // Reading the two fields in place, not copying the way (its strings would be retained per edge).
                    let penalty = g.ways[way].underground ? Self.penalty(highway: g.ways[way].highway) : 0
                    let score = penalty == 0 ? d2 : (d2.squareRoot() + penalty) * (d2.squareRoot() + penalty)
                    if best == nil || score < best!.score || (score == best!.score && id < best!.id) { best = (id, t, d2, score) }
                }
            }
        }
        return best
    }

    private func spot(_ best: (id: Int32, t: Double, d2: Double), _ p: Coordinate, _ maximumDistance: Double, _ g: WalkingGraph)
        -> SnappedPoint?
    {
        guard best.d2.squareRoot() <= maximumDistance else { return nil }
        let e = Int(undirected[Int(best.id)].edge)
        let a = Int(undirected[Int(best.id)].source), b = Int(g.edgeTarget[e])
        let spot = Coordinate(
            latitude: g.latitudes[a] + best.t * (g.latitudes[b] - g.latitudes[a]),
            longitude: g.longitudes[a] + best.t * (g.longitudes[b] - g.longitudes[a]))
        return SnappedPoint(
            from: a, to: b, fraction: best.t, edgeLength: g.edgeLength[e], way: g.edgeWay[e], coordinate: spot,
            distance: Geodesic.wgs84.inverse(p, spot).distance)
    }
}

import Foundation
import WorldLayerCore
import WorldLayerGeo

/// The walking network as compact arrays: every OSM node of a walkable way is a vertex,
/// every pair of consecutive nodes an edge in both directions (walkers ignore `oneway`).
/// Adjacency is in compressed-sparse-row form, so a search touches a few flat arrays.
public struct WalkingGraph: Sendable {
    public let latitudes: [Double]
    public let longitudes: [Double]
    /// Edges leaving vertex v are `firstEdge[v] ..< firstEdge[v + 1]`.
    let firstEdge: [Int32]
    let edgeTarget: [Int32]
    let edgeLength: [Double]
    /// Which walkway an edge belongs to (index into `ways`).
    let edgeWay: [Int32]
    public let ways: [WayInfo]
    /// Each vertex's OSM node id.
    public let osmNodes: [Int64]

    public struct WayInfo: Sendable {
        public var id: Int64
        public var name: String?
        public var highway: String
    }

    public var vertexCount: Int { latitudes.count }
    public var edgeCount: Int { edgeTarget.count }

    public func coordinate(_ v: Int) -> Coordinate { Coordinate(latitude: latitudes[v], longitude: longitudes[v]) }

    public init(_ walkways: [Walkway]) {
        var index: [Int64: Int32] = [:]
        var lats: [Double] = [], lons: [Double] = [], ids: [Int64] = []
        var pairs: [(from: Int32, to: Int32, length: Double, way: Int32)] = []
        var ways: [WayInfo] = []
        for w in walkways where w.nodes.count == w.coordinates.count && w.nodes.count >= 2 {
            let wayIndex = Int32(ways.count)
            ways.append(WayInfo(id: w.id, name: w.name, highway: w.highway))
            var previous: Int32?
            for (node, c) in zip(w.nodes, w.coordinates) {
                let v: Int32
                if let known = index[node] { v = known } else {
                    v = Int32(lats.count)
                    index[node] = v
                    lats.append(c.latitude)
                    lons.append(c.longitude)
                    ids.append(node)
                }
                if let p = previous, p != v {
                    let length = Geodesic.wgs84.inverse(
                        latitude1: lats[Int(p)], longitude1: lons[Int(p)], latitude2: lats[Int(v)], longitude2: lons[Int(v)]).distance
                    pairs.append((p, v, length, wayIndex))
                    pairs.append((v, p, length, wayIndex))
                }
                previous = v
            }
        }
        pairs.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        var first = [Int32](repeating: 0, count: lats.count + 1)
        for p in pairs { first[Int(p.from) + 1] += 1 }
        for v in 0..<lats.count { first[v + 1] += first[v] }
        self.latitudes = lats
        self.longitudes = lons
        self.osmNodes = ids
        self.firstEdge = first
        self.edgeTarget = pairs.map(\.to)
        self.edgeLength = pairs.map(\.length)
        self.edgeWay = pairs.map(\.way)
        self.ways = ways
    }

    /// Bytes the arrays take (vertices and edges), for reporting the router's memory.
    public var memoryFootprint: Int {
        latitudes.count * 8 * 2 + osmNodes.count * 8 + firstEdge.count * 4 + edgeTarget.count * (4 + 8 + 4)
    }
}

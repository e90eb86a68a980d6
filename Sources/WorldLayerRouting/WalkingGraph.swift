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
    /// Each vertex's connected component, and how many vertices each component has.
    let component: [Int32]
    let componentSize: [Int32]

    /// Components smaller than this are islands (a courtyard path, a clipped fragment): a route
    /// starts on one only when both ends lie on it, as OSRM does.
    static let islandSize: Int32 = 1000

    public struct WayInfo: Sendable {
        public var id: Int64
        public var name: String?
        public var highway: String
        public var underground: Bool
        public var looseSurface: Bool
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
            ways.append(
                WayInfo(
                    id: w.id, name: w.name, highway: w.highway, underground: w.underground ?? false, looseSurface: w.looseSurface != nil))
            var previous: Int32?
            for (node, c) in zip(w.nodes, w.coordinates) {
                let v: Int32
                if let known = index[node] {
                    v = known
                } else {
                    v = Int32(lats.count)
                    index[node] = v
                    lats.append(c.latitude)
                    lons.append(c.longitude)
                    ids.append(node)
                }
                if let p = previous, p != v {
                    let length = Geodesic.wgs84.inverse(
                        latitude1: lats[Int(p)], longitude1: lons[Int(p)], latitude2: lats[Int(v)], longitude2: lons[Int(v)]
                    ).distance
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
        (component, componentSize) = Self.components(first: first, targets: pairs.map(\.to), count: lats.count)
    }

    func isOnIsland(_ v: Int) -> Bool { componentSize[Int(component[v])] < Self.islandSize }

    /// Connected components by breadth-first search over the (symmetric) adjacency.
    private static func components(first: [Int32], targets: [Int32], count: Int) -> ([Int32], [Int32]) {
        var component = [Int32](repeating: -1, count: count)
        var sizes: [Int32] = []
        var queue: [Int32] = []
        for seed in 0..<count where component[seed] < 0 {
            let id = Int32(sizes.count)
            component[seed] = id
            queue = [Int32(seed)]
            var head = 0
            while head < queue.count {
                let v = Int(queue[head])
                head += 1
                for e in Int(first[v])..<Int(first[v + 1]) where component[Int(targets[e])] < 0 {
                    component[Int(targets[e])] = id
                    queue.append(targets[e])
                }
            }
            sizes.append(Int32(queue.count))
        }
        return (component, sizes)
    }

    /// Bytes the arrays take (vertices and edges), for reporting the router's memory.
    public var memoryFootprint: Int {
        latitudes.count * 8 * 2 + osmNodes.count * 8 + firstEdge.count * 4 + edgeTarget.count * (4 + 8 + 4)
    }
}

import Foundation
import WorldLayerCore
import WorldLayerGeo

/// Why no route could be given; each says what the walker can do about it.
public enum RoutingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The point is farther than the snapping limit from any walkable way.
    case farFromPaths(which: String, limit: Double)
    /// Both ends are on the network but no walk joins them (islands, a closed area).
    case disconnected
    /// No walking network has been imported.
    case noNetwork

    public var description: String {
        switch self {
        case .farFromPaths(let which, let limit):
            return "the \(which) is more than \(Int(limit)) m from any path"
        case .disconnected: return "no walking route joins these two points (they are on parts of the network that do not connect)"
        case .noNetwork: return "no walking network has been imported yet (worldlayer import osm FILE)"
        }
    }
}

/// Walking routes over an imported network, searched in its contraction hierarchy
/// (``ContractionHierarchy``, built with the router). Safe to share between tasks: each search
/// borrows its own scratch space.
public final class WalkingRouter: @unchecked Sendable {
    public let graph: WalkingGraph
    let hierarchy: ContractionHierarchy
    private let snapper: EdgeSnapper
    /// How far a pressed point may be from a path and still be routed from.
    public let snapLimit: Double
    private let lock = NSLock()
    private var spaces: [SearchSpace] = []

    public init(walkways: [Walkway], snapLimit: Double = 250) {
        graph = WalkingGraph(walkways)
        hierarchy = ContractionHierarchy(graph)
        snapper = EdgeSnapper(graph)
        self.snapLimit = snapLimit
    }

    /// Shortcuts the contraction added, and vertices it left uncontracted (the core): for reports.
    public var contraction: (shortcuts: Int, core: Int) { (hierarchy.shortcutCount, hierarchy.coreSize) }

    /// The nearest spot on the network, or why there is none.
    public func snap(_ p: Coordinate, which: String) throws(RoutingError) -> SnappedPoint {
        guard graph.vertexCount > 0 else { throw .noNetwork }
        guard let s = snapper.nearest(to: p, within: snapLimit, in: graph) else {
            throw .farFromPaths(which: which, limit: snapLimit)
        }
        return s
    }

    public func route(
        from: Coordinate, to: Coordinate, fromName: (id: String, name: String)? = nil, toName: (id: String, name: String)? = nil
    ) throws(RoutingError) -> Route {
        let (start, goal) = try ends(from, to)
        let space = borrow()
        defer { giveBack(space) }
        guard let path = hierarchy.shortestPath(from: start, to: goal, in: graph, space: space) else { throw .disconnected }
        var points = [start.coordinate]
        var ways = [graph.ways[Int(start.way)]]
        if path.vertices.isEmpty {
            points.append(goal.coordinate)
        } else {
            for (i, v) in path.vertices.enumerated() {
                points.append(graph.coordinate(v))
                ways.append(graph.ways[Int(i < path.ways.count ? path.ways[i] : goal.way)])
            }
            points.append(goal.coordinate)
        }
        // Drop zero-length hops (a spot exactly on a vertex) so that every segment has a direction.
        var keptPoints = [points[0]], keptWays: [WalkingGraph.WayInfo] = []
        for i in 1..<points.count where points[i] != keptPoints.last! {
            keptPoints.append(points[i])
            keptWays.append(ways[i - 1])
        }
        if keptPoints.count == 1 { keptPoints.append(keptPoints[0]); keptWays.append(ways[0]) }
        return RouteDescription.describe(
            points: keptPoints, ways: keptWays,
            from: RouteEnd(
                requested: from, snapped: start.coordinate, snapDistance: start.distance, placeId: fromName?.id, name: fromName?.name),
            to: RouteEnd(requested: to, snapped: goal.coordinate, snapDistance: goal.distance, placeId: toName?.id, name: toName?.name))
    }

    /// Metres of the shortest walk, without describing it (no geometry, steps or waypoints): what a
    /// distance table needs, and what a router's bare query costs.
    public func length(from: Coordinate, to: Coordinate) throws(RoutingError) -> Double {
        let (start, goal) = try ends(from, to)
        let space = borrow()
        defer { giveBack(space) }
        guard let path = hierarchy.shortestPath(from: start, to: goal, in: graph, space: space) else { throw .disconnected }
        return path.length
    }

    /// Where a walk from `from` to `to` starts and ends on the network. An end on an island (a path
    /// cut off from the rest) is kept only when the other end is on the same island.
    private func ends(_ from: Coordinate, _ to: Coordinate) throws(RoutingError) -> (SnappedPoint, SnappedPoint) {
        var start = try snap(from, which: "start")
        var goal = try snap(to, which: "destination")
        if graph.component[start.from] != graph.component[goal.from], graph.isOnIsland(start.from) || graph.isOnIsland(goal.from) {
            if graph.isOnIsland(start.from), let s = snapper.nearest(to: from, within: snapLimit, in: graph, offIslands: true) { start = s }
            if graph.isOnIsland(goal.from), let g = snapper.nearest(to: to, within: snapLimit, in: graph, offIslands: true) { goal = g }
        }
        return (start, goal)
    }

    private func borrow() -> SearchSpace {
        lock.lock()
        defer { lock.unlock() }
        return spaces.popLast() ?? SearchSpace(vertexCount: graph.vertexCount)
    }

    private func giveBack(_ space: SearchSpace) {
        lock.lock()
        defer { lock.unlock() }
        spaces.append(space)
    }
}

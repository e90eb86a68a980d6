import Foundation
import WorldLayerGeo

/// The shortest walk between two spots on the network.
struct ShortestPath {
    /// Vertex indexes from the start edge's end to the goal edge's end (empty when both
    /// spots are on one edge and walking along it is shortest).
    var vertices: [Int]
    /// The walkway (index into the graph's `ways`) of each hop between consecutive vertices.
    var ways: [Int32]
    var length: Double
}

/// Reusable search state for both climbs: allocated once per graph size, reset by what was touched.
final class SearchSpace {
    struct Side {
        var distance: [Double]
        /// The vertex each was reached from, and by which arc (ids into the hierarchy's arc table).
        var parent: [Int32]
        var parentArc: [Int32]
        var touched: [Int32] = []
        var heap = MinHeap()

        init(vertexCount: Int) {
            distance = [Double](repeating: .infinity, count: vertexCount)
            parent = [Int32](repeating: -1, count: vertexCount)
            parentArc = [Int32](repeating: -1, count: vertexCount)
        }

        mutating func reset() {
            for v in touched {
                distance[Int(v)] = .infinity
                parent[Int(v)] = -1
            }
            touched.removeAll(keepingCapacity: true)
            heap.removeAll()
        }

        /// Reaches `v` at `d` metres if that is nearer than before; queued by `key` (the distance
        /// itself, or with A*'s estimate added).
        mutating func reach(_ v: Int, at d: Double, from p: Int32, by arc: Int32, key: Double? = nil) {
            guard d < distance[v] else { return }
            if distance[v] == .infinity { touched.append(Int32(v)) }
            distance[v] = d
            parent[v] = p
            parentArc[v] = arc
            heap.push(Int32(v), priority: key ?? d)
        }
    }

    var forward: Side
    var backward: Side

    init(vertexCount: Int) {
        forward = Side(vertexCount: vertexCount)
        backward = Side(vertexCount: vertexCount)
    }
}

extension ContractionHierarchy {
    /// Climbs from both ends of the start's edge and from both ends of the goal's edge, each
    /// climb only upward, until neither can still improve on the best meeting found; then, if
    /// there is a core, crosses it by A* from where the start's climb reached it to where the
    /// goal's did (`graph` gives the coordinates A* estimates from).
    func shortestPath(from start: SnappedPoint, to goal: SnappedPoint, in graph: WalkingGraph, space: SearchSpace) -> ShortestPath? {
        // The sides are moved out of the space and back: a class's properties would pay an
        // exclusivity check on every access.
        var forward = space.forward, backward = space.backward
        (space.forward, space.backward) = (SearchSpace.Side(vertexCount: 0), SearchSpace.Side(vertexCount: 0))
        defer { (space.forward, space.backward) = (forward, backward) }
        forward.reset()
        backward.reset()
        forward.reach(start.from, at: start.fraction * start.edgeLength, from: -1, by: -1)
        forward.reach(start.to, at: (1 - start.fraction) * start.edgeLength, from: -1, by: -1)
        backward.reach(goal.from, at: goal.fraction * goal.edgeLength, from: -1, by: -1)
        backward.reach(goal.to, at: (1 - goal.fraction) * goal.edgeLength, from: -1, by: -1)
        var best = Double.infinity
        var meeting = -1
        if (start.from == goal.from && start.to == goal.to) || (start.from == goal.to && start.to == goal.from) {
            let along = start.from == goal.from ? goal.fraction : 1 - goal.fraction
            best = abs(along - start.fraction) * start.edgeLength
        }
        func settle(_ side: inout SearchSpace.Side, meeting other: SearchSpace.Side) {
            guard let (vertex, d) = side.heap.pop() else { return }
            let v = Int(vertex)
            guard d <= side.distance[v] else { return }  // a stale entry
            if d + other.distance[v] < best {
                best = d + other.distance[v]
                meeting = v
            }
            guard rank[v] != Self.coreRank else { return }  // the core is crossed afterwards
            let arcs = Int(firstUp[v])..<Int(firstUp[v + 1])
            // Stall on demand: reached more cheaply down from a higher vertex, v is on no shortest
            // climb, so its arcs are not followed (an undirected arc up is also one down).
            for a in arcs where side.distance[Int(upTarget[a])] + upWeight[a] < d { return }
            for a in arcs {
                side.reach(Int(upTarget[a]), at: d + upWeight[a], from: vertex, by: upArc[a])
            }
        }
        while true {
            let f = forward.heap.peekPriority ?? .infinity, b = backward.heap.peekPriority ?? .infinity
            if min(f, b) >= best { break }
            if f <= b { settle(&forward, meeting: backward) } else { settle(&backward, meeting: forward) }
        }
        if coreSize > 0 {
            crossCore(toward: goal.coordinate, in: graph, forward: &forward, backward: backward, best: &best, meeting: &meeting)
        }
        guard best.isFinite else { return nil }
        guard meeting >= 0 else { return ShortestPath(vertices: [], ways: [], length: best) }
        // The climbs' arcs, start end → meeting → goal end, each unpacked into the walk it stands for.
        var hops: [(from: Int32, arc: Int32)] = []
        var v = Int32(meeting)
        while forward.parent[Int(v)] >= 0 {
            hops.append((forward.parent[Int(v)], forward.parentArc[Int(v)]))
            v = forward.parent[Int(v)]
        }
        hops.reverse()
        var vertices = [Int(v)], ways: [Int32] = []
        v = Int32(meeting)
        while backward.parent[Int(v)] >= 0 {
            hops.append((v, backward.parentArc[Int(v)]))
            v = backward.parent[Int(v)]
        }
        for hop in hops { unpack(hop.arc, from: hop.from, into: &vertices, ways: &ways) }
        return ShortestPath(vertices: vertices, ways: ways, length: best)
    }

    /// A* over the core's arcs from every core vertex the start's climb reached (at the distance
    /// it reached it), improving `best` wherever it meets the goal's climb. The estimate is the
    /// flat-earth distance to the goal with the shortest degree lengths: no walk from a vertex to
    /// the goal, through the core and down the goal's climb, is shorter.
    private func crossCore(
        toward goal: Coordinate, in graph: WalkingGraph, forward: inout SearchSpace.Side, backward: SearchSpace.Side,
        best: inout Double, meeting: inout Int
    ) {
        let metresPerDegreeLatitude = 110_574.0
        let metresPerDegreeLongitude = 111_319.491 * cos(min(89, abs(goal.latitude) + 0.5) * .pi / 180)
        func estimate(_ v: Int) -> Double {
            let y = (graph.latitudes[v] - goal.latitude) * metresPerDegreeLatitude
            let x = (graph.longitudes[v] - goal.longitude) * metresPerDegreeLongitude
            return (x * x + y * y).squareRoot() * 0.99
        }
        forward.heap.removeAll()
        for s in forward.touched where rank[Int(s)] == Self.coreRank && forward.distance[Int(s)] < best {
            forward.heap.push(s, priority: forward.distance[Int(s)] + estimate(Int(s)))
        }
        while let (vertex, key) = forward.heap.pop(), key < best {
            let v = Int(vertex), d = forward.distance[v]
            guard key <= d + estimate(v) + 1e-9 else { continue }  // a stale entry
            if d + backward.distance[v] < best {
                best = d + backward.distance[v]
                meeting = v
            }
            for a in Int(firstUp[v])..<Int(firstUp[v + 1]) {
                let t = Int(upTarget[a])
                forward.reach(t, at: d + upWeight[a], from: vertex, by: upArc[a], key: d + upWeight[a] + estimate(t))
            }
        }
    }

    /// Appends the original hops of `arc`, walked from its end `from`, as vertices and walkways.
    private func unpack(_ arc: Int32, from: Int32, into vertices: inout [Int], ways: inout [Int32]) {
        var stack = [(arc: arc, from: from)]
        while let (a, x) = stack.popLast() {
            let ends = arcEnds[Int(a)]
            let other = x == ends.a ? ends.b : ends.a
            let middle = arcMiddle[Int(a)]
            guard middle >= 0 else {
                vertices.append(Int(other))
                ways.append(arcWay[Int(a)])
                continue
            }
            let halves = arcHalves[Int(a)]
            // First the half at x, then the one from the middle on (pushed in reverse).
            if x == ends.a {
                stack.append((halves.b, middle))
                stack.append((halves.a, x))
            } else {
                stack.append((halves.a, middle))
                stack.append((halves.b, x))
            }
        }
    }
}

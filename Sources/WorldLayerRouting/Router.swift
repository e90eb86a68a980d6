import Foundation
import WorldLayerGeo

/// The shortest walk between two spots on the network: A* over the graph, starting from
/// both ends of the start's edge and finishing through either end of the goal's edge.
struct ShortestPath {
    /// Vertex indexes from the start edge's end to the goal edge's end (empty when both
    /// spots are on one edge and walking along it is shortest).
    var vertices: [Int]
    /// Directed edge index into each vertex after the first.
    var edges: [Int]
    var length: Double
}

/// Reusable search state: allocated once per graph size, reset by what was touched.
final class SearchSpace {
    var cost: [Double]
    var parentEdge: [Int32]
    var touched: [Int32] = []
    var heap = MinHeap()

    init(vertexCount: Int) {
        cost = [Double](repeating: .infinity, count: vertexCount)
        parentEdge = [Int32](repeating: -1, count: vertexCount)
    }

    func reset() {
        for v in touched {
            cost[Int(v)] = .infinity
            parentEdge[Int(v)] = -1
        }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
    }
}

extension WalkingGraph {
    func shortestPath(from start: SnappedPoint, to goal: SnappedPoint, space: SearchSpace) -> ShortestPath? {
        space.reset()
        // The search works on local arrays taken from the space (moved, not copied) and puts them
        // back at the end: class properties would pay a dynamic exclusivity check on every access.
        var cost = space.cost, parentEdge = space.parentEdge, touched = space.touched, heap = space.heap
        (space.cost, space.parentEdge, space.touched, space.heap) = ([], [], [], MinHeap())
        defer { (space.cost, space.parentEdge, space.touched, space.heap) = (cost, parentEdge, touched, heap) }
        let metresPerDegreeLatitude = 110_574.0  // The smallest, so the estimate never exceeds the truth.
        let metresPerDegreeLongitude = 111_319.491 * cos(min(89, abs(goal.coordinate.latitude) + 0.5) * .pi / 180)
        let goalLatitude = goal.coordinate.latitude, goalLongitude = goal.coordinate.longitude
        // A lower bound on the walk from v to the goal (flat-earth distance with the shortest degree lengths, 1 % spare).
        func estimate(_ v: Int) -> Double {
            let y = (latitudes[v] - goalLatitude) * metresPerDegreeLatitude
            let x = (longitudes[v] - goalLongitude) * metresPerDegreeLongitude
            return (x * x + y * y).squareRoot() * 0.99
        }
        func relax(_ v: Int, _ c: Double, via edge: Int32) {
            guard c < cost[v] else { return }
            if cost[v] == .infinity { touched.append(Int32(v)) }
            cost[v] = c
            parentEdge[v] = edge
            heap.push(Int32(v), priority: c + estimate(v))
        }
        relax(start.from, start.fraction * start.edgeLength, via: -1)
        relax(start.to, (1 - start.fraction) * start.edgeLength, via: -1)
        // Leaving the last vertex for the goal spot along its edge.
        let tailFrom = goal.fraction * goal.edgeLength, tailTo = (1 - goal.fraction) * goal.edgeLength
        var best = Double.infinity
        var bestVertex = -1
        if (start.from == goal.from && start.to == goal.to) || (start.from == goal.to && start.to == goal.from) {
            let along = start.from == goal.from ? goal.fraction : 1 - goal.fraction
            best = abs(along - start.fraction) * start.edgeLength
        }
        while let (vertex, priority) = heap.pop() {
            let v = Int(vertex)
            if priority >= best { break }
            let c = cost[v]
            if priority > c + estimate(v) + 1e-9 { continue }  // A stale entry.
            if v == goal.from || v == goal.to {
                let t = v == goal.from ? tailFrom : tailTo
                if c + t < best {
                    best = c + t
                    bestVertex = v
                }
            }
            for e in Int(firstEdge[v])..<Int(firstEdge[v + 1]) {
                relax(Int(edgeTarget[e]), c + edgeLength[e], via: Int32(e))
            }
        }
        guard best.isFinite else { return nil }
        guard bestVertex >= 0 else { return ShortestPath(vertices: [], edges: [], length: best) }
        var vertices = [bestVertex], edges: [Int] = []
        var v = bestVertex
        while parentEdge[v] >= 0 {
            let e = Int(parentEdge[v])
            edges.append(e)
            v = source(of: e)
            vertices.append(v)
        }
        return ShortestPath(vertices: vertices.reversed(), edges: edges.reversed(), length: best)
    }

    /// The vertex a directed edge leaves.
    func source(of e: Int) -> Int {
        var low = 0, high = vertexCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(firstEdge[mid]) <= e { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// A 4-ary min-heap of vertices by priority (duplicates allowed; stale entries are skipped by
/// the caller). Four children per node halve the depth of a binary heap, and the priorities sit
/// in their own array so that sifting compares contiguous doubles.
struct MinHeap {
    private var priorities: [Double] = []
    private var vertices: [Int32] = []

    mutating func removeAll() {
        priorities.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
    }

    mutating func push(_ vertex: Int32, priority: Double) {
        var i = priorities.count
        priorities.append(priority)
        vertices.append(vertex)
        while i > 0 {
            let parent = (i - 1) / 4
            guard priorities[parent] > priority else { break }
            priorities[i] = priorities[parent]
            vertices[i] = vertices[parent]
            i = parent
        }
        priorities[i] = priority
        vertices[i] = vertex
    }

    mutating func pop() -> (Int32, Double)? {
        guard let top = vertices.first else { return nil }
        let topPriority = priorities[0]
        let lastPriority = priorities.removeLast(), lastVertex = vertices.removeLast()
        let n = priorities.count
        if n > 0 {
            var i = 0
            while true {
                let first = 4 * i + 1
                if first >= n { break }
                var smallest = first
                for c in (first + 1)..<min(first + 4, n) where priorities[c] < priorities[smallest] { smallest = c }
                guard priorities[smallest] < lastPriority else { break }
                priorities[i] = priorities[smallest]
                vertices[i] = vertices[smallest]
                i = smallest
            }
            priorities[i] = lastPriority
            vertices[i] = lastVertex
        }
        return (top, topPriority)
    }
}

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
            guard c < space.cost[v] else { return }
            if space.cost[v] == .infinity { space.touched.append(Int32(v)) }
            space.cost[v] = c
            space.parentEdge[v] = edge
            space.heap.push(Int32(v), priority: c + estimate(v))
        }
        relax(start.from, start.fraction * start.edgeLength, via: -1)
        relax(start.to, (1 - start.fraction) * start.edgeLength, via: -1)
        // Leaving the last vertex for the goal spot along its edge.
        let tail = [goal.from: goal.fraction * goal.edgeLength, goal.to: (1 - goal.fraction) * goal.edgeLength]
        var best = Double.infinity
        var bestVertex = -1
        if (start.from == goal.from && start.to == goal.to) || (start.from == goal.to && start.to == goal.from) {
            let along = start.from == goal.from ? goal.fraction : 1 - goal.fraction
            best = abs(along - start.fraction) * start.edgeLength
        }
        while let (vertex, priority) = space.heap.pop() {
            let v = Int(vertex)
            if priority >= best { break }
            let c = space.cost[v]
            if priority > c + estimate(v) + 1e-9 { continue }  // A stale entry.
            if let t = tail[v], c + t < best {
                best = c + t
                bestVertex = v
            }
            for e in Int(firstEdge[v])..<Int(firstEdge[v + 1]) {
                relax(Int(edgeTarget[e]), c + edgeLength[e], via: Int32(e))
            }
        }
        guard best.isFinite else { return nil }
        guard bestVertex >= 0 else { return ShortestPath(vertices: [], edges: [], length: best) }
        var vertices = [bestVertex], edges: [Int] = []
        var v = bestVertex
        while space.parentEdge[v] >= 0 {
            let e = Int(space.parentEdge[v])
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

/// A binary min-heap of vertices by priority (duplicates allowed; stale entries are skipped by the caller).
struct MinHeap {
    private var items: [(vertex: Int32, priority: Double)] = []

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    mutating func push(_ vertex: Int32, priority: Double) {
        items.append((vertex, priority))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent].priority > items[i].priority else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> (Int32, Double)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var smallest = i
                if l < items.count, items[l].priority < items[smallest].priority { smallest = l }
                if r < items.count, items[r].priority < items[smallest].priority { smallest = r }
                if smallest == i { break }
                items.swapAt(i, smallest)
                i = smallest
            }
        }
        return (top.vertex, top.priority)
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

@testable import WorldLayerRouting

/// The contracted search against plain Dijkstra over the same graph: the same length for every
/// pair, and a walk that is really there, hop by hop on the graph's own edges.
@Suite("Contraction hierarchy")
struct ContractionHierarchyTests {
    @Test func everyLengthIsPlainDijkstrasOnTheHelsinkiNetwork() throws {
        try expectShortest(HelsinkiNetwork.router.graph, hierarchy: HelsinkiNetwork.router.hierarchy, pairs: 300, seed: 1)
    }

    @Test func aLargeUncontractedCoreGivesTheSameLengths() throws {
        // Contraction stops at the first vertex with more than 2 neighbours: most of the graph is core.
        let graph = HelsinkiNetwork.router.graph
        let hierarchy = ContractionHierarchy(graph, coreDegree: 2)
        #expect(hierarchy.coreSize > graph.vertexCount / 10)
        try expectShortest(graph, hierarchy: hierarchy, pairs: 100, seed: 2)
    }

    @Test func aBuildThatRunsOutOfBudgetLeavesACoreWithTheSameLengths() throws {
        // A large network stops contracting when its witness searches have used their budget.
        let graph = HelsinkiNetwork.router.graph
        let hierarchy = ContractionHierarchy(graph, budget: 2_000_000)
        #expect(hierarchy.coreSize > 0 && hierarchy.coreSize < graph.vertexCount)
        #expect(HelsinkiNetwork.router.hierarchy.coreSize == 0)  // the default budget contracts the city whole
        try expectShortest(graph, hierarchy: hierarchy, pairs: 100, seed: 4)
    }

    @Test func aGridWithItsManyEqualWalksIsContractedRight() throws {
        // A 25 × 25 street grid with a diagonal footway: many ties, and vertices of growing degree.
        let n = 25
        func node(_ i: Int, _ j: Int) -> Int64 { Int64(i * n + j + 1) }
        func at(_ i: Int, _ j: Int) -> Coordinate { Coordinate(latitude: 60 + Double(i) * 0.0006, longitude: 25 + Double(j) * 0.0006) }
        var walkways: [Walkway] = []
        for i in 0..<n {
            walkways.append(
                Walkway(
                    id: Int64(walkways.count + 1), name: "Row \(i)", highway: "residential", nodes: (0..<n).map { node(i, $0) },
                    coordinates: (0..<n).map { at(i, $0) }))
            walkways.append(
                Walkway(
                    id: Int64(walkways.count + 1), name: "Column \(i)", highway: "residential", nodes: (0..<n).map { node($0, i) },
                    coordinates: (0..<n).map { at($0, i) }))
        }
        walkways.append(
            Walkway(id: 999, name: nil, highway: "footway", nodes: (0..<n).map { node($0, $0) }, coordinates: (0..<n).map { at($0, $0) }))
        let router = WalkingRouter(walkways: walkways)
        #expect(router.hierarchy.shortcutCount > 0)
        try expectShortest(router.graph, hierarchy: router.hierarchy, pairs: 200, seed: 3)
    }

    /// Random spots on random edges, routed both ways; checked against Dijkstra and against the graph.
    func expectShortest(_ graph: WalkingGraph, hierarchy: ContractionHierarchy, pairs: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let space = SearchSpace(vertexCount: graph.vertexCount)
        for _ in 0..<pairs {
            let start = spot(on: graph, &random), goal = spot(on: graph, &random)
            let expected = dijkstra(graph, from: start, to: goal)
            let path = hierarchy.shortestPath(from: start, to: goal, in: graph, space: space)
            #expect((path?.length).map { abs($0 - (expected ?? -1)) < 1e-6 } ?? (expected == nil), "\(start) → \(goal)")
            guard let path, !path.vertices.isEmpty else { continue }
            // The walk: from an end of the start's edge, along real edges of the named ways, to an end of the goal's.
            #expect([start.from, start.to].contains(path.vertices.first!) && [goal.from, goal.to].contains(path.vertices.last!))
            var walked = path.vertices.first == start.from ? start.fraction * start.edgeLength : (1 - start.fraction) * start.edgeLength
            walked += path.vertices.last == goal.from ? goal.fraction * goal.edgeLength : (1 - goal.fraction) * goal.edgeLength
            #expect(path.ways.count == path.vertices.count - 1)
            for (i, way) in path.ways.enumerated() {
                let (v, w) = (path.vertices[i], path.vertices[i + 1])
                let edges = (Int(graph.firstEdge[v])..<Int(graph.firstEdge[v + 1])).filter { Int(graph.edgeTarget[$0]) == w }
                let edge = try #require(edges.min { graph.edgeLength[$0] < graph.edgeLength[$1] }, "no edge \(v) → \(w)")
                #expect(edges.contains { graph.edgeWay[$0] == way })
                walked += graph.edgeLength[edge]
            }
            #expect(abs(walked - path.length) < 1e-6)
        }
    }

    /// A spot part-way along a random edge, as the snapper would give it.
    func spot(on graph: WalkingGraph, _ random: inout SplitMix64) -> SnappedPoint {
        let e = Int(random.next() % UInt64(graph.edgeCount))
        let from = (0..<graph.vertexCount).last { Int(graph.firstEdge[$0]) <= e }!
        let to = Int(graph.edgeTarget[e])
        let fraction = Double(random.next() % 1000) / 1000
        let a = graph.coordinate(from), b = graph.coordinate(to)
        return SnappedPoint(
            from: from, to: to, fraction: fraction, edgeLength: graph.edgeLength[e], way: graph.edgeWay[e],
            coordinate: Coordinate(
                latitude: a.latitude + (b.latitude - a.latitude) * fraction, longitude: a.longitude + (b.longitude - a.longitude) * fraction
            ),
            distance: 0)
    }

    /// Textbook Dijkstra from both ends of the start's edge to either end of the goal's.
    func dijkstra(_ graph: WalkingGraph, from start: SnappedPoint, to goal: SnappedPoint) -> Double? {
        var distance = [Double](repeating: .infinity, count: graph.vertexCount)
        var heap = MinHeap()
        for (v, d) in [(start.from, start.fraction * start.edgeLength), (start.to, (1 - start.fraction) * start.edgeLength)]
        where d < distance[v] {
            distance[v] = d
            heap.push(Int32(v), priority: d)
        }
        while let (vertex, d) = heap.pop() {
            let v = Int(vertex)
            guard d <= distance[v] else { continue }
            for e in Int(graph.firstEdge[v])..<Int(graph.firstEdge[v + 1])
            where d + graph.edgeLength[e] < distance[Int(graph.edgeTarget[e])] {
                distance[Int(graph.edgeTarget[e])] = d + graph.edgeLength[e]
                heap.push(graph.edgeTarget[e], priority: d + graph.edgeLength[e])
            }
        }
        var best = min(distance[goal.from] + goal.fraction * goal.edgeLength, distance[goal.to] + (1 - goal.fraction) * goal.edgeLength)
        if Set([start.from, start.to]) == Set([goal.from, goal.to]) {
            let along = start.from == goal.from ? goal.fraction : 1 - goal.fraction
            best = min(best, abs(along - start.fraction) * start.edgeLength)
        }
        return best.isFinite ? best : nil
    }
}

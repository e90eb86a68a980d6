import Foundation

/// The walking network contracted into a hierarchy, so that a search looks at a few hundred
/// vertices instead of every one between the ends (Geisberger et al., "Contraction Hierarchies",
/// 2008). Vertices are taken out one at a time, least important first; when taking one out would
/// lengthen a shortest walk between two of its neighbours, a *shortcut* between them keeps its
/// length. A search then only ever climbs: from each end up to higher vertices
/// (``shortestPath(from:to:in:space:)``), and the two climbs meet on the shortest walk.
///
/// Walkers ignore `oneway`, so every arc is walked both ways at one length: one upward graph
/// serves both searches. Where contracting stops paying (the next vertex still has more
/// neighbours than the core degree — early on a dense grid, never on the city extract) the rest
/// is left as a *core*, crossed by A*: the answer is the same, and the build stays bounded.
struct ContractionHierarchy: Sendable {
    /// Each vertex's place in the contraction order; core vertices share the highest.
    let rank: [Int32]
    /// The arcs a search may take from vertex v: `firstUp[v] ..< firstUp[v + 1]` (to higher-ranked
    /// vertices, and within the core to any core vertex).
    let firstUp: [Int32]
    let upTarget: [Int32]
    let upWeight: [Double]
    let upArc: [Int32]
    /// Every arc, original or shortcut, by id: its ends; for an original its walkway, for a
    /// shortcut the vertex it skips and its two halves (the half at `arcEnds.a`, then the one at `b`).
    let arcEnds: [(a: Int32, b: Int32)]
    let arcWay: [Int32]
    let arcMiddle: [Int32]
    let arcHalves: [(a: Int32, b: Int32)]
    /// How many vertices were left uncontracted.
    let coreSize: Int

    /// The core rank: above every contracted vertex.
    static let coreRank = Int32.max
    /// A vertex with more remaining neighbours than this is not contracted by default (see the type's comment).
    static let defaultCoreDegree = 12
    /// How much witness searching a build may do (vertices settled plus arcs relaxed): enough to
    /// contract a city extract whole (Helsinki's 6,580 vertices, ~0.3 s), and on a large dense
    /// network a bounded share, ~300 per vertex, the rest left as the core (an 810 × 810 grid:
    /// 12 s, 94 % core; five times the budget took 42 s for queries ~10 % faster).
    static func defaultBudget(vertexCount: Int) -> Int { max(20_000_000, 300 * vertexCount) }
    /// How many vertices a witness search may settle before giving up (and keeping the shortcut,
    /// which is never wrong, only possibly unneeded).
    static let witnessLimit = 400
    /// The same for estimating a vertex's importance (see `HierarchyBuilder.importance(of:)`).
    static let estimateLimit = 40

    var shortcutCount: Int { arcMiddle.count { $0 >= 0 } }

}

extension ContractionHierarchy {
    /// Contracts `graph`, leaving as the core whatever is left once the next vertex has more than
    /// `coreDegree` neighbours, or once witness searches have settled and relaxed `budget` vertices
    /// and arcs in all (by default ``defaultBudget(vertexCount:)``).
    init(_ graph: WalkingGraph, coreDegree: Int = defaultCoreDegree, budget: Int? = nil) {
        let builder = HierarchyBuilder(
            graph, coreDegree: coreDegree, budget: budget ?? Self.defaultBudget(vertexCount: graph.vertexCount))
        builder.contract()
        self = builder.finish()
    }
}

/// The contraction itself: a working copy of the graph from which vertices are removed. A class:
/// as a struct its arrays were copied whole on every witness search (unseen on the city, 200 s of
/// the 810 × 810 grid's build).
private final class HierarchyBuilder {
    struct Neighbour {
        var vertex: Int32
        var weight: Double
        var arc: Int32
    }

    let vertexCount: Int
    let coreDegree: Int
    /// Vertices and arcs witness searches may still settle and relax (``ContractionHierarchy/defaultBudget(vertexCount:)``).
    var budget: Int
    /// Each vertex's arcs to vertices not yet contracted (one per neighbour: the shortest).
    var adjacent: [[Neighbour]]
    var rank: [Int32]
    /// Each contracted vertex's arcs at the moment it was contracted: its upward arcs.
    var upward: [[Neighbour]]
    /// How deep in the hierarchy each vertex will be at least: one above the highest contracted neighbour.
    var level: [Int32]
    /// How many original edges each arc stands for.
    var arcHops: [Int32] = []
    var arcEnds: [(a: Int32, b: Int32)] = []
    var arcWay: [Int32] = []
    var arcMiddle: [Int32] = []
    var arcHalves: [(a: Int32, b: Int32)] = []
    // Witness search scratch.
    var distance: [Double]
    var touched: [Int32] = []
    /// Which vertices the current witness search is looking for: those marked with its number.
    var sought: [Int32]
    var search: Int32 = 0
    var heap = MinHeap()

    init(_ graph: WalkingGraph, coreDegree: Int, budget: Int) {
        self.budget = budget
        vertexCount = graph.vertexCount
        self.coreDegree = coreDegree
        adjacent = Array(repeating: [], count: vertexCount)
        rank = Array(repeating: ContractionHierarchy.coreRank, count: vertexCount)
        upward = Array(repeating: [], count: vertexCount)
        level = Array(repeating: 0, count: vertexCount)
        distance = Array(repeating: .infinity, count: vertexCount)
        sought = Array(repeating: -1, count: vertexCount)
        for v in 0..<vertexCount {
            for e in Int(graph.firstEdge[v])..<Int(graph.firstEdge[v + 1]) {
                let w = Int(graph.edgeTarget[e])
                // Each undirected edge once, from its lower end; parallel ways keep the shortest.
                guard v < w else { continue }
                let weight = graph.edgeLength[e]
                if let i = adjacent[v].firstIndex(where: { $0.vertex == Int32(w) }) {
                    guard weight < adjacent[v][i].weight else { continue }
                    let arc = adjacent[v][i].arc
                    arcWay[Int(arc)] = graph.edgeWay[e]
                    adjacent[v][i].weight = weight
                    adjacent[w][adjacent[w].firstIndex { $0.vertex == Int32(v) }!].weight = weight
                    continue
                }
                let arc = Int32(arcEnds.count)
                arcEnds.append((Int32(v), Int32(w)))
                arcWay.append(graph.edgeWay[e])
                arcMiddle.append(-1)
                arcHalves.append((-1, -1))
                arcHops.append(1)
                adjacent[v].append(Neighbour(vertex: Int32(w), weight: weight, arc: arc))
                adjacent[w].append(Neighbour(vertex: Int32(v), weight: weight, arc: arc))
            }
        }
    }

    /// Contracts vertices in order of importance, re-judging a vertex's importance when it comes
    /// up (lazily) and its neighbours' after it goes.
    func contract() {
        var queue = MinHeap()
        var priority = [Double](repeating: 0, count: vertexCount)
        for v in 0..<vertexCount {
            priority[v] = importance(of: v)
            queue.push(Int32(v), priority: priority[v])
        }
        var next: Int32 = 0
        while let (vertex, p) = queue.pop() {
            let v = Int(vertex)
            guard rank[v] == ContractionHierarchy.coreRank, p == priority[v] else { continue }  // done, or a stale entry
            guard budget > 0 else { break }  // the rest is the core
            // Judged again with the search the contraction itself uses, and contracted with what it found.
            let degree = adjacent[v].count
            let found = degree > coreDegree ? [] : shortcuts(around: v, settling: ContractionHierarchy.witnessLimit)
            let now = degree > coreDegree ? Double(degree * degree) : importance(shortcuts: found, of: v)
            if let least = queue.peekPriority, now > least {
                priority[v] = now
                queue.push(vertex, priority: now)
                continue
            }
            // Removing this one would tie its neighbours together densely: leave it and the rest as the core.
            if degree > coreDegree { break }
            for shortcut in found { add(shortcut, skipping: v) }
            rank[v] = next
            next += 1
            upward[v] = adjacent[v]
            for n in adjacent[v] {
                let u = Int(n.vertex)
                adjacent[u].removeAll { $0.vertex == vertex }
                level[u] = max(level[u], level[v] + 1)
                priority[u] = importance(of: u)
                queue.push(n.vertex, priority: priority[u])
            }
            adjacent[v] = []
        }
        // The core keeps its arcs in every direction.
        for v in 0..<vertexCount where rank[v] == ContractionHierarchy.coreRank { upward[v] = adjacent[v] }
    }

    /// How much contracting `v` now would cost the hierarchy: its level, the arcs it would add per
    /// arc it removes, and the original edges those stand for per edge removed (RoutingKit's
    /// measure: the level spreads contraction evenly, which keeps searches on grids small). Estimated
    /// with short witness searches (``ContractionHierarchy/estimateLimit``): it is redone for every
    /// neighbour of every vertex contracted, and a missed witness only overestimates.
    func importance(of v: Int) -> Double {
        let degree = adjacent[v].count
        guard degree <= coreDegree else { return Double(degree * degree) }
        return importance(shortcuts: shortcuts(around: v, settling: ContractionHierarchy.estimateLimit), of: v)
    }

    func importance(shortcuts: [(u: Neighbour, w: Neighbour)], of v: Int) -> Double {
        let removed = adjacent[v]
        guard !removed.isEmpty else { return Double(level[v]) }
        let hopsRemoved = removed.reduce(0) { $0 + Int(arcHops[Int($1.arc)]) }
        let hopsAdded = shortcuts.reduce(0) { $0 + Int(arcHops[Int($1.u.arc)] + arcHops[Int($1.w.arc)]) }
        return Double(level[v]) + Double(shortcuts.count) / Double(removed.count) + Double(hopsAdded) / Double(hopsRemoved)
    }

    /// The pairs of `v`'s neighbours whose shortest walk goes through `v`: for each, a witness
    /// search (a walk around `v` no longer than through it) found none.
    func shortcuts(around v: Int, settling limit: Int) -> [(u: Neighbour, w: Neighbour)] {
        let neighbours = adjacent[v]
        guard neighbours.count > 1 else { return [] }
        let farthest = neighbours.map(\.weight).max()!
        var needed: [(u: Neighbour, w: Neighbour)] = []
        for i in 0..<(neighbours.count - 1) {
            let u = neighbours[i]
            search += 1
            for w in neighbours[(i + 1)...] { sought[Int(w.vertex)] = search }
            witnessSearch(from: Int(u.vertex), avoiding: v, upTo: u.weight + farthest, settling: limit, finding: neighbours.count - 1 - i)
            for w in neighbours[(i + 1)...] where distance[Int(w.vertex)] > u.weight + w.weight {
                needed.append((u, w))
            }
        }
        return needed
    }

    /// Dijkstra from `source` over the remaining graph without `avoided`, up to `limit` metres,
    /// `settleLimit` settled vertices, or until the `count` sought vertices are settled; leaves
    /// distances in `distance`.
    func witnessSearch(from source: Int, avoiding avoided: Int, upTo limit: Double, settling settleLimit: Int, finding count: Int) {
        var unfound = count
        for t in touched { distance[Int(t)] = .infinity }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
        distance[source] = 0
        touched.append(Int32(source))
        heap.push(Int32(source), priority: 0)
        var settled = 0
        while let (vertex, d) = heap.pop() {
            let x = Int(vertex)
            guard d <= distance[x] else { continue }
            if d > limit { break }
            settled += 1
            budget -= 1 + adjacent[x].count
            if settled > settleLimit { break }
            if sought[x] == search {
                unfound -= 1
                if unfound == 0 { break }
            }
            for n in adjacent[x] where Int(n.vertex) != avoided {
                let t = Int(n.vertex)
                let nd = d + n.weight
                guard nd < distance[t] else { continue }
                if distance[t] == .infinity { touched.append(n.vertex) }
                distance[t] = nd
                heap.push(n.vertex, priority: nd)
            }
        }
    }

    /// Joins u and w by a shortcut through v, or shortens the arc already between them.
    func add(_ pair: (u: Neighbour, w: Neighbour), skipping v: Int) {
        let (u, w) = (pair.u, pair.w)
        let weight = u.weight + w.weight
        let arc = Int32(arcEnds.count)
        arcEnds.append((u.vertex, w.vertex))
        arcWay.append(-1)
        arcMiddle.append(Int32(v))
        arcHalves.append((u.arc, w.arc))
        arcHops.append(arcHops[Int(u.arc)] + arcHops[Int(w.arc)])
        for (from, to) in [(u.vertex, w.vertex), (w.vertex, u.vertex)] {
            if let i = adjacent[Int(from)].firstIndex(where: { $0.vertex == to }) {
                if weight < adjacent[Int(from)][i].weight { adjacent[Int(from)][i] = Neighbour(vertex: to, weight: weight, arc: arc) }
            } else {
                adjacent[Int(from)].append(Neighbour(vertex: to, weight: weight, arc: arc))
            }
        }
    }

    func finish() -> ContractionHierarchy {
        var first = [Int32](repeating: 0, count: vertexCount + 1)
        var targets: [Int32] = [], weights: [Double] = [], arcs: [Int32] = []
        for v in 0..<vertexCount {
            for n in upward[v] {
                targets.append(n.vertex)
                weights.append(n.weight)
                arcs.append(n.arc)
            }
            first[v + 1] = Int32(targets.count)
        }
        return ContractionHierarchy(
            rank: rank, firstUp: first, upTarget: targets, upWeight: weights, upArc: arcs, arcEnds: arcEnds, arcWay: arcWay,
            arcMiddle: arcMiddle, arcHalves: arcHalves, coreSize: rank.count { $0 == ContractionHierarchy.coreRank })
    }
}

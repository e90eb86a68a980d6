import ArgumentParser
import Foundation
import SQLKit
import WorldLayerCLI
import WorldLayerCore
import WorldLayerGeo
import WorldLayerRouting
import WorldLayerStore

/// `worldlayer bench routing`: the same origin/destination pairs the peers route, through
/// the router a server builds from the store. Prints JSON: per-query latency of the described
/// route as the API sends it (route, steps, geometry and AR waypoints, encoded to JSON; OSRM's
/// figure likewise includes writing its JSON) and of the bare length, and per pair the walked
/// length between the snapped ends (what OSRM and pgRouting report too) and the metres of it on
/// loose surfaces (which OSRM's foot profile avoids by walking slower on them).
struct RoutingBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routing", abstract: "Route 'lat1 lon1 lat2 lon2' pairs on the imported network; prints timings and lengths as JSON.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "File of 'lat1 lon1 lat2 lon2' lines.") var pairs: String
    @Option(help: "Pairs to warm up on, not timed (others than --pairs).") var warmup: String?
    @Option(help: "Where to write one length (m) per pair, or 'none'.") var lengths: String
    @Option(help: "Where to write each pair's route as 'lon,lat;lon,lat;…' (for explaining length differences).") var routes: String?
    @Flag(help: "Route on a pgRouting database made by osm2pgrouting instead (the peer).") var pgrouting = false

    func run() async throws {
        let rows = try Self.read(pairs)
        if pgrouting {
            return try await PgRoutingPeer.run(rows, warmup: try warmup.map(Self.read) ?? [], database: database, lengths: lengths)
        }
        let store = try await database.openStore()
        let rssBefore = ResidentMemory.bytes()
        let buildStart = DispatchTime.now().uptimeNanoseconds
        let walkways = try await store.places.walkways()
        let router = WalkingRouter(walkways: walkways)
        let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e9
        let routerBytes = ResidentMemory.bytes() - rssBefore
        try await store.close()
        // Warm up on other pairs, then time each query: the described route as the API sends it, then the bare length.
        for (a, b) in try warmup.map(Self.read) ?? Array(rows.prefix(50)) {
            _ = (try? router.route(from: a, to: b)).map(RouteJSON.encode)
            _ = try? router.length(from: a, to: b)
        }
        var latencies: [Double] = []
        var bare: [Double] = []
        var out: [String] = []
        var shapes: [String] = []
        let bar = ProgressBar(label: "routing pairs")
        for (i, (a, b)) in rows.enumerated() {
            var start = DispatchTime.now().uptimeNanoseconds
            let route = try? router.route(from: a, to: b)
            let json = route.map(RouteJSON.encode)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
            start = DispatchTime.now().uptimeNanoseconds
            let length = try? router.length(from: a, to: b)
            bare.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
            // The same walk both ways (to the millimetre: the description sums the same segments in another order).
            guard (json?.count ?? 0) > 0 || route == nil, abs((length ?? 0) - (route?.length ?? length ?? 0)) < 0.001 else {
                throw CommandFailure("pair \(i + 1): the bare length \(length ?? -1) is not the route's \(route?.length ?? -1)")
            }
            out.append(route.map { String(format: "%.2f %.2f", $0.length, $0.looseLength) } ?? "none")
            if routes != nil {
                shapes.append(route?.geometry.coordinates.map { "\($0[0]),\($0[1])" }.joined(separator: ";") ?? "none")
            }
            bar.update(i + 1, of: rows.count)
        }
        bar.finish()
        if lengths != "none" { try out.joined(separator: "\n").write(toFile: lengths, atomically: true, encoding: .utf8) }
        if let routes { try shapes.joined(separator: "\n").write(toFile: routes, atomically: true, encoding: .utf8) }
        let sorted = latencies.sorted(), sortedBare = bare.sorted()
        let report: [String: Double] = [
            "p50_us": percentile(sorted, 50), "p99_us": percentile(sorted, 99),
            "mean_us": latencies.reduce(0, +) / Double(latencies.count), "pairs": Double(rows.count),
            "bare_p50_us": percentile(sortedBare, 50), "bare_p99_us": percentile(sortedBare, 99),
            "vertices": Double(router.graph.vertexCount), "edges": Double(router.graph.edgeCount),
            "graph_bytes": Double(router.graph.memoryFootprint), "build_s": buildSeconds,
            "shortcuts": Double(router.contraction.shortcuts), "core_vertices": Double(router.contraction.core),
            // What loading the walkways and building the router added to the process (store rows included).
            "router_rss_bytes": Double(routerBytes),
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }
}

extension RoutingBenchCommand {
    /// 'lat1 lon1 lat2 lon2' lines.
    static func read(_ path: String) throws -> [(Coordinate, Coordinate)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
        return text.split(separator: "\n").compactMap { line -> (Coordinate, Coordinate)? in
            let v = line.split(separator: " ").compactMap { Double($0) }
            return v.count >= 4 ? (Coordinate(latitude: v[0], longitude: v[1]), Coordinate(latitude: v[2], longitude: v[3])) : nil
        }
    }
}

/// The peer: the same pairs on pgRouting, as its users query it — the nearest vertex of
/// each end (`<->` on the GiST index), then `pgr_dijkstra` over the ways' lengths.
enum PgRoutingPeer {
    static func run(_ rows: [(Coordinate, Coordinate)], warmup: [(Coordinate, Coordinate)], database: DatabaseOptions, lengths: String)
        async throws
    {
        let store = try Store.open(database.url, logger: quietLogger())
        for (a, b) in warmup { _ = try await length(from: a, to: b, store: store) }
        var latencies: [Double] = []
        var out: [String] = []
        let bar = ProgressBar(label: "pgrouting pairs")
        for (i, (a, b)) in rows.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let length = try await length(from: a, to: b, store: store)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
            out.append(length.map { String(format: "%.2f", $0) } ?? "none")
            bar.update(i + 1, of: rows.count)
        }
        bar.finish()
        try await store.close()
        if lengths != "none" { try out.joined(separator: "\n").write(toFile: lengths, atomically: true, encoding: .utf8) }
        let sorted = latencies.sorted()
        let report: [String: Double] = [
            "p50_us": percentile(sorted, 50), "p99_us": percentile(sorted, 99),
            "mean_us": latencies.reduce(0, +) / Double(latencies.count), "pairs": Double(rows.count),
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
    }

    static func length(from a: Coordinate, to b: Coordinate, store: Store) async throws -> Double? {
        try await store.withConnection { db in
            func vertex(_ c: Coordinate) async throws -> Int64? {
                try await db.raw(
                    "SELECT id FROM ways_vertices_pgr ORDER BY the_geom <-> ST_SetSRID(ST_MakePoint(\(bind: c.longitude), \(bind: c.latitude)), 4326) LIMIT 1"
                ).first()?.decode(column: "id", as: Int64.self)
            }
            guard let s = try await vertex(a), let t = try await vertex(b) else { return nil }
            if s == t { return 0 }
            return try await db.raw(
                """
                SELECT SUM(cost) AS length FROM pgr_dijkstra(
                  'SELECT gid AS id, source, target, length_m AS cost, length_m AS reverse_cost FROM ways', \(bind: s), \(bind: t), directed => false)
                """
            ).first()?.decode(column: "length", as: Double?.self)
        }
    }
}

/// This process's resident memory, from /proc (Linux).
enum ResidentMemory {
    static func bytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

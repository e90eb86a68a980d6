import ArgumentParser
import Foundation
import NIOPosix
import SQLKit
import SQLiteNIO
import WorldLayerCLI
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `worldlayer bench load-stickers` and `worldlayer bench nearby`, driven by `bench/run nearby`.
struct LoadStickersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-stickers", abstract: "Bulk-load benchmark stickers (bench/nearby_data.py output) into a store.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Tab-separated stickers file.") var input: String
    @Option(help: "How many lines the file has (for the progress bar).") var count = 0

    func run() async throws {
        let store = try await database.openStore()
        let loader = StickerLoader(store: store)
        try await loader.prepare()
        var worldmaps: [UInt64: UUID] = [:]
        var placeKeys: [Int64: Int64] = [:]
        var loaded = 0
        let bar = ProgressBar(label: "loading stickers into \(store.engine.rawValue)")
        try await BenchSticker.read(input) { batch in
            try await loader.load(batch, worldmaps: &worldmaps, placeKeys: &placeKeys)
            loaded += batch.count
            bar.update(loaded, of: max(count, loaded))
        }
        bar.finish()
        try await store.withConnection { db in try await db.raw("ANALYZE").run() }
        try await store.close()
        print("{\"stickers\": \(loaded), \"worldmaps\": \(worldmaps.count)}")
    }
}

/// Which implementation of "visible to me within R, nearest 50" a `bench nearby` run times.
enum NearbyEngine: String, ExpressibleByArgument, CaseIterable {
    /// WorldLayer's own path on the store `--database` names (SQLite or PostgreSQL).
    case worldlayer
    /// A PostGIS table with a GiST index on the PostgreSQL database `--database` names.
    case postgis
    /// SQLite's R*Tree module on the SQLite file `--database` names.
    case rtree
    /// Redis `GEOSEARCH` at `--redis`: the raw spatial part only (no visibility, no bodies).
    case redis
}

struct NearbyBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby",
        abstract: "Time 'visible to me within R, nearest 50' queries on WorldLayer or a peer; prints JSON.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "What to query: \(NearbyEngine.allCases.map(\.rawValue).joined(separator: ", ")).") var engine = NearbyEngine.worldlayer
    @Option(help: "Redis address for --engine redis.") var redis = "127.0.0.1:6379"
    @Option(help: "Warm-up queries (bench/nearby_data.py queries), run once and timed apart.") var warmup: String
    @Option(help: "Measured queries, never seen in the warm-up.") var queries: String
    @Option(help: "Queries for the throughput pass, seen in neither pass before it.") var throughput: String
    @Option(help: "Write each measured query's results here, one line per query: id:distance, comma-separated.") var results: String
    @Option(help: "Concurrent clients for the throughput pass.") var concurrency = 2
    @Option(help: "Also write each measured query's time here, in ms, one line per query (to find the slow ones).") var latencies: String?
    @Option(help: "With --engine postgis: write PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the first measured query of each radius here.")
    var explain: String?

    func run() async throws {
        let (warmupList, measured, loadList) = (try BenchQuery.read(warmup), try BenchQuery.read(queries), try BenchQuery.read(throughput))
        let store: Store? = [.redis, .rtree].contains(engine) ? nil : try Store.open(database.url, logger: quietLogger())
        let engine = engine
        let (redisAddress, databaseURL) = (redis, database.url)
        // A thread for each R*Tree client's connection (SQLite runs a statement on a pool thread).
        let threads = NIOThreadPool(numberOfThreads: concurrency + 1)
        threads.start()
        defer { threads.shutdownGracefully { _ in } }
        let rtreeConnections = SQLiteClients()
        // One client per connection: the stores pool theirs; the R*Tree and Redis get one per client.
        let connect: @Sendable () async throws -> @Sendable (BenchQuery) async throws -> [String] = {
            switch engine {
            case .worldlayer: return { try await Self.ours($0, store: store!) }
            case .postgis: return { try await PostGISNearby.query($0, store: store!) }
            case .rtree:
                let (connection, hints) = (try await RTreeNearby.connect(databaseURL, threads: threads), NearbyPeerHints(aim: 150))
                rtreeConnections.add(connection)
                return { try await RTreeNearby.query($0, on: connection, hints: hints) }
            case .redis:
                let connection = try RedisConnection(address: redisAddress)
                return { try connection.nearby($0) }
            }
        }
        let query = try await connect()
        var report: [String: Double] = ["queries": Double(measured.count)]
        if engine == .worldlayer {
            // As `worldlayer serve` does before it listens: on SQLite, the stickers' places into memory.
            let start = DispatchTime.now().uptimeNanoseconds
            if let count = try await store!.nearby.keepResident() {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                report["resident_load_s"] = (seconds * 10).rounded() / 10
                FileHandle.standardError.write(
                    Data("[nearby] \(count) stickers' places read into memory in \(String(format: "%.1f", seconds)) s\n".utf8))
            }
        }
        // The warm-up meets whatever the disk and the caches hold and brings the neighbourhoods in;
        // the measured queries are other points in the same places, as a server's next callers are.
        var lines: [String] = []
        var measuredTimes: [String] = []
        for (pass, list) in [("warmup", warmupList), ("measured", measured)] {
            var byRadius: [Double: [Double]] = [:]
            let bar = ProgressBar(label: "\(engine == .worldlayer ? store!.engine.rawValue : engine.rawValue) latency, \(pass) queries")
            for (i, q) in list.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let ids = try await query(q)
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                byRadius[q.radius, default: []].append(ms)
                if pass == "measured" {
                    lines.append(ids.joined(separator: ","))
                    measuredTimes.append(String(ms))
                }
                bar.update(i + 1, of: list.count)
            }
            bar.finish()
            for (radius, values) in byRadius {
                let sorted = values.sorted()
                let prefix = pass == "measured" ? "" : "warmup_"
                report["\(prefix)p50_ms_\(Int(radius))"] = percentile(sorted, 50)
                report["\(prefix)p99_ms_\(Int(radius))"] = percentile(sorted, 99)
            }
        }
        try lines.joined(separator: "\n").write(toFile: results, atomically: true, encoding: .utf8)
        try latencies.map { try measuredTimes.joined(separator: "\n").write(toFile: $0, atomically: true, encoding: .utf8) }
        if let explain, engine == .postgis {
            var plans: [String] = []
            for radius in Set(measured.map(\.radius)).sorted() {
                let q = measured.first { $0.radius == radius }!
                plans.append(
                    "-- \(q.latitude), \(q.longitude) within \(Int(radius)) m, viewer \(q.viewer)\n"
                        + (try await PostGISNearby.explain(q, store: store!)))
            }
            try plans.joined(separator: "\n\n").write(toFile: explain, atomically: true, encoding: .utf8)
        }
        // Throughput: `concurrency` clients share the list.
        let next = Counter()
        var clients: [@Sendable (BenchQuery) async throws -> [String]] = []
        for _ in 0..<concurrency { clients.append(try await connect()) }
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    while let i = await next.take(below: loadList.count) { _ = try await client(loadList[i]) }
                }
            }
            try await group.waitForAll()
        }
        let qps = Double(loadList.count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        try await store?.close()
        await rtreeConnections.closeAll()
        report["qps"] = (qps * 10).rounded() / 10
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    static func ours(_ q: BenchQuery, store: Store) async throws -> [String] {
        try await store.nearby.search(
            center: Coordinate(latitude: q.latitude, longitude: q.longitude), radius: q.radius, viewer: BenchSticker.accountID(q.viewer),
            limit: 50
        ).map { AnswerLine.line($0.sticker.id.text, $0.distance) }
    }
}

/// The R*Tree clients' connections, closed before the run ends.
final class SQLiteClients: @unchecked Sendable {
    private let lock = NSLock()
    private var connections: [SQLiteConnection] = []

    func add(_ connection: SQLiteConnection) { lock.withLock { connections.append(connection) } }

    func closeAll() async {
        for connection in lock.withLock({ connections }) { try? await connection.close() }
    }
}

/// Hands out indexes 0..<n once each, to concurrent workers.
actor Counter {
    private var value = 0
    func take(below n: Int) -> Int? {
        guard value < n else { return nil }
        defer { value += 1 }
        return value
    }
}

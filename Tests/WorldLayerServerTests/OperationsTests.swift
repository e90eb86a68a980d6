import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WorldLayerStore
import WorldLayerTestSupport
import Yams

@testable import WorldLayerServer

@Suite("Health, readiness, metrics and the API description")
struct OperationsTests {
    @Test("/health, /ready and /metrics answer", arguments: ScratchDatabase.engines)
    func probes(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            for probe in ["/health/live", "/health/ready"] { #expect(try await api.call(.get, probe).status == .ok, "\(probe)") }
            let health = try await api.call(.get, "/health")
            #expect(health.status == .ok && health.json["status"] as? String == "ok")
            let ready = try await api.call(.get, "/ready")
            #expect(ready.status == .ok && ready.json["database"] as? String == engine.rawValue)
            #expect(ready.json["live_signal"] as? String == "database")
            let metrics = try await api.call(.get, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.text.contains("hb_requests") || metrics.text.contains("hb_request"))
            // The database pool, the live hub and draining, read at each scrape.
            for gauge in [
                "worldlayer_db_connections_in_use", "worldlayer_live_subscribers", "worldlayer_live_cells_followed",
                "worldlayer_draining 0", "worldlayer_live_signal_connected 1", "worldlayer_nearby_resident_stickers",
                "worldlayer_sticker_cache_entries",
            ] {
                #expect(metrics.text.contains(gauge), "\(gauge)")
            }
            #expect(health.headers[.init("X-Request-Id")!] != nil)
        }
    }

    @Test("the decode pools and the scene index cache report to /metrics: a locate is a miss, then a hit")
    func decodeAndCacheMetrics() async throws {
        // The registry is the process's, shared with the other tests' servers: counts that grow, series that exist.
        @Sendable func value(_ series: String, _ text: String) -> Double {
            text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        }
        let miss = "worldlayer_cache_lookups_total{cache=\"scene_indexes\",result=\"miss\"}"
        let hit = "worldlayer_cache_lookups_total{cache=\"scene_indexes\",result=\"hit\"}"
        try await withServer(.sqlite) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let sticker = try await SceneAnchorTests.place(api, Fixtures.sticker(text: "on the poster"), token: ada)
            let anchored = try await SceneAnchorTests.anchor(api, sticker, token: ada)
            #expect(anchored.status.code / 100 == 2, "\(anchored.text)")
            let before = try await api.call(.get, "/metrics").text
            for _ in 0..<2 {
                let located = try await SceneAnchorTests.locate(api, "anchor.jpg", token: ada)
                #expect(located.status == .ok, "\(located.text)")
            }
            let after = try await api.call(.get, "/metrics").text
            #expect(value(miss, after) - value(miss, before) >= 1 && value(hit, after) - value(hit, before) >= 1)
            for series in [
                "worldlayer_decode_running{pool=\"scenes\"}", "worldlayer_decode_waiting{pool=\"scenes\"}",
                "worldlayer_cache_entries{cache=\"scene_indexes\"}", "worldlayer_cache_bytes{cache=\"scene_indexes\"}",
            ] {
                #expect(after.contains(series), "\(series)")
            }
        }
    }

    @Test("each request is logged once answered: method, path, the status the client got (errors too), its time and its request id")
    func requestLog() async throws {
        try await withLoggedServer(level: .info) { api, lines in
            let missing = try await api.call(.get, "/v1/no-such-thing")
            #expect(missing.status == .notFound)
            let id = try #require(missing.headers[.init("X-Request-Id")!])
            let line = try #require(lines.all.first { $0.hasPrefix("Request ") && $0.contains("/v1/no-such-thing") })
            #expect(line.contains("\"hb.response.status\": 404") && line.contains("duration_ms") && line.contains(id), "\(line)")
        }
    }

    @Test("/openapi.yaml is served")
    func openAPIServed() async throws {
        try await withServer(.sqlite) { api in
            let r = try await api.call(.get, "/openapi.yaml")
            #expect(r.status == .ok && r.text.hasPrefix("openapi: 3.1"))
            // Well-formed YAML throughout (a stray colon in a summary breaks every tool that reads it).
            let document = try #require(try Yams.compose(yaml: r.text)?.mapping)
            #expect(document["paths"]?.mapping?.count ?? 0 > 50 && document["components"]?.mapping?["schemas"] != nil)
        }
    }

    @Test("the OpenAPI document and the router name exactly the same routes")
    func openAPIMatchesRouter() async throws {
        let store = try await ScratchDatabase.make(.sqlite)
        let (_, table) = buildRouter(
            store: store, configuration: ServerConfiguration(), hub: LiveHub(store: store, logger: ScratchDatabase.quietLogger))
        let registered = Set(table.routes.map { "\($0.method.rawValue) \($0.path)" })
        let documented = try OpenAPIRoutes.load()
        #expect(
            registered.subtracting(documented).isEmpty, "routes missing from openapi.yaml: \(registered.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(registered).isEmpty,
            "openapi.yaml names routes the server lacks: \(documented.subtracting(registered).sorted())")
        try await store.close()
    }
}

/// Reads `METHOD /path` pairs from the `paths:` section of openapi.yaml.
enum OpenAPIRoutes {
    static func load() throws -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources/WorldLayerServer/Resources/openapi.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var inPaths = false
        var path: String?
        var result = Set<String>()
        for line in lines {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, let first = line.first, first != " " { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast()
                if ["get", "put", "post", "delete", "patch", "head", "options"].contains(String(method)) {
                    result.insert("\(method.uppercased()) \(path)")
                }
            }
        }
        return result
    }
}

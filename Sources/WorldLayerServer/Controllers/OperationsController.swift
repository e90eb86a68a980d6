import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import WorldLayerCore
import WorldLayerStore

/// Liveness, readiness, metrics and the API description.
struct OperationsController {
    /// Which database engine serves, and a round trip to it: readiness is only about the connection.
    let engine: Store.Engine
    let ping: @Sendable () async throws -> Void
    let metrics: PrometheusCollectorRegistry
    /// Whether anyone may read `/metrics`; otherwise only clients on this machine and admins.
    var isMetricsPublic = false
    /// Where media are kept: readiness checks that the server can write there.
    let media: MediaLibrary
    /// Readiness answers 503 from the stop signal on.
    let drain: ServerDrain
    /// The NATS live signal, when there is one: readiness says whether it is connected.
    let liveSignal: LiveSignalStatus
    /// Gauges read when `/metrics` is scraped (the database pool, the live hub, draining), by name.
    var gauges: @Sendable () async -> [String: Double] = { [:] }

    func register(_ routes: Routes) {
        routes.on(.get, "/health", use: health)
        routes.on(.get, "/health/live", use: health)
        routes.on(.get, "/ready", use: ready)
        routes.on(.get, "/health/ready", use: ready)
        routes.on(.get, "/metrics", use: prometheus)
        routes.on(.get, "/openapi.yaml", use: openAPI)
    }

    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["status": "ok"])
    }

    /// Ready: not draining, the database answers, and the media folder can be written.
    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Response {
        if drain.isDraining { throw APIError(.draining, message: "this server is stopping; another takes its requests") }
        do {
            try await ping()
        } catch {
            // The cause in full: PostgreSQL's errors describe themselves only to String(reflecting:).
            context.logger.warning("database unreachable", metadata: ["error": "\(String(reflecting: error))"])
            throw APIError(.databaseUnavailable, message: "the database is not reachable")
        }
        let folder = media.root.path
        guard FileManager.default.isWritableFile(atPath: folder) || !FileManager.default.fileExists(atPath: folder) else {
            context.logger.warning("media folder not writable", metadata: ["folder": "\(folder)"])
            throw APIError(.mediaUnavailable, message: "the media store cannot be written")
        }
        if let bucket = media.bucket, await !bucket.reachable() {
            context.logger.warning("media bucket not reachable", metadata: ["bucket": "\(bucket.name)", "endpoint": "\(bucket.endpoint)"])
            throw APIError(.mediaUnavailable, message: "the media store cannot be written")
        }
        // A NATS signal that is down does not make the server unready: every server still reads the one
        // change log every poll interval, so live updates come late, not never; turning every server
        // unready when NATS stops would turn a slower live feed into no service at all.
        var answer = ["status": "ready", "database": engine.rawValue]
        switch liveSignal.connected {
        case true?: answer["live_signal"] = "nats"
        case false?: answer["live_signal"] = "nats unreachable: live updates by polling"
        case nil: answer["live_signal"] = "database"
        }
        return try .json(answer)
    }

    @Sendable func prometheus(_ request: Request, context: AppRequestContext) async throws -> Response {
        // Request counts and timings tell an outsider how the service is used: a scraper runs beside the server.
        let address = context.clientAddress
        let isLocal = address == "127.0.0.1" || address == "::1" || address.hasPrefix("127.")
        if !isMetricsPublic, !isLocal, context.account?.role != .admin {
            throw APIError(.forbidden, message: "metrics are served to this machine and to admins only (serve --public-metrics to change)")
        }
        var bytes: [UInt8] = []
        metrics.emit(into: &bytes)
        // This server's own gauges, written as read rather than recorded into the registry, which every
        // server in a process shares: two servers scraped at once would otherwise show each other's.
        for (label, value) in await gauges().sorted(by: { $0.key < $1.key }) {
            bytes += Array("# TYPE \(label) gauge\n\(label) \(value)\n".utf8)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    @Sendable func openAPI(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"), let data = try? Data(contentsOf: url) else {
            throw APIError.notFound("the API description is missing from this build")
        }
        return Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

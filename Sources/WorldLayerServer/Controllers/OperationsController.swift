import Foundation
import Hummingbird
import Logging
import NIOCore
import Prometheus
import WorldLayerStore

/// Liveness, readiness, metrics and the API description.
struct OperationsController {
    let store: Store
    let metrics: PrometheusCollectorRegistry

    func register(_ routes: Routes) {
        routes.on(.get, "/health", use: health)
        routes.on(.get, "/ready", use: ready)
        routes.on(.get, "/metrics", use: prometheus)
        routes.on(.get, "/openapi.yaml", use: openAPI)
    }

    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["status": "ok"])
    }

    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Response {
        do {
            try await store.ping()
            return try .json(["status": "ready", "database": store.engine.rawValue])
        } catch {
            context.logger.warning("database unreachable", metadata: ["error": "\(error)"])
            throw APIError(.serviceUnavailable, code: "database_unavailable", message: "the database is not reachable")
        }
    }

    @Sendable func prometheus(_ request: Request, context: AppRequestContext) async throws -> Response {
        var bytes: [UInt8] = []
        metrics.emit(into: &bytes)
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

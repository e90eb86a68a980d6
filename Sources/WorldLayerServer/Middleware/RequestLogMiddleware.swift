import Foundation
import Hummingbird
import Instrumentation
import Logging
import WorldLayerTracing

/// Logs each request once it is answered, at info level: its method, path, status and how long it
/// took, with the request id the logger carries (`hb.request.id`, also the `X-Request-Id` header).
/// Outermost but for the security headers, so that the status is the one the client got, errors
/// included. Never the query string or headers: the live socket's `access_token` and every
/// `Authorization` header are credentials, and a log is read by more people, and kept longer, than a
/// token lives.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "hb.request.path": .string(request.uri.path), "hb.request.method": .string(request.method.rawValue),
            "hb.response.status": .stringConvertible(response.status.code),
            "duration_ms": .string(String(format: "%.1f", milliseconds)),
        ]
        // With tracing on, the line names its trace, so that a slow request's log leads to its spans.
        if let trace = InstrumentationContext.current?.traceIdentity {
            metadata["trace_id"] = .string(TraceIdentity.hex(trace.traceID))
            metadata["span_id"] = .string(TraceIdentity.hex(trace.spanID))
        }
        context.logger.info("Request", metadata: metadata)
        return response
    }
}

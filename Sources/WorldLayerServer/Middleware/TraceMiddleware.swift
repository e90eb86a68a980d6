import HTTPTypes
import Hummingbird
import Instrumentation
import Tracing

/// A server span for each request, continuing the caller's trace when it sends `traceparent`.
/// It records the method, the route, the path and the status, never the query string or headers:
/// they carry where people are (latitude, cells), what they search for and the live socket's
/// `access_token`, and a trace is read by more people than the request was meant for.
/// (Hummingbird's own `TracingMiddleware` records the query string.)
struct TraceMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var parent = InstrumentationContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &parent, using: HeaderExtractor())
        let method = request.method.rawValue
        let span = InstrumentationSystem.tracer.startAnySpan(method, context: parent, ofKind: .server)
        span.attributes["http.request.method"] = method
        span.attributes["url.path"] = request.uri.path
        defer { span.end() }
        do {
            let response = try await InstrumentationContext.$current.withValue(span.context) { try await next(request, context) }
            finish(span, method: method, status: Int(response.status.code), context: context)
            return response
        } catch {
            span.recordError(error)
            finish(span, method: method, status: Int((error as? any HTTPResponseError)?.status.code ?? 500), context: context)
            throw error
        }
    }

    /// Named by its route once the router has matched one ("GET /v1/stickers/{id}"), as OpenTelemetry's
    /// HTTP conventions ask; a 5xx is an error of this server's, a 4xx the client's.
    private func finish(_ span: any Span, method: String, status: Int, context: Context) {
        if let route = context.endpointPath {
            span.operationName = "\(method) \(route)"
            span.attributes["http.route"] = route
        }
        span.attributes["http.response.status_code"] = status
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }
}

private struct HeaderExtractor: Extractor {
    func extract(key: String, from headers: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { headers[$0] }
    }
}

import Hummingbird
import Logging

/// Logs each request's method and path at info level. Never the query string or headers: the live
/// socket's `access_token` and every `Authorization` header are credentials, and a log is read by
/// more people, and kept longer, than a token lives.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.info(
            "Request", metadata: ["hb.request.path": .string(request.uri.path), "hb.request.method": .string(request.method.rawValue)])
        return try await next(request, context)
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerStore

/// Turns every error into the JSON error shape, and adds the request id to every
/// response. Unknown errors are logged with the request id and become a bare 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let refusal = map(error, request: request, context: context)
            noteUntranslated(refusal, request: request, context: context)
            response = try refusal.response(from: request, context: context)
        }
        response.headers[.init("X-Request-Id")!] = context.id
        return response
    }

    /// A message without words in the language asked for is logged, so that the catalogue can grow.
    private func noteUntranslated(_ error: APIError, request: Request, context: Context) {
        let language = Language.preferred(acceptLanguage: request.headers[.acceptLanguage])
        guard language != .english else { return }
        let words = MessageCatalogue.of(language)
        let fieldMessages = error.fields.map(\.message)
        let said = error.code == .validationFailed && !fieldMessages.isEmpty ? fieldMessages : [error.message] + fieldMessages
        let untranslated = said.filter { words.translate($0) == $0 }
        guard !untranslated.isEmpty else { return }
        context.logger.notice(
            "a message has no words in this language", metadata: ["language": "\(language.rawValue)", "message": "\(untranslated)"])
    }

    private func map(_ error: any Error, request: Request, context: Context) -> APIError {
        switch error {
        case let e as APIError:
            return e
        case let e as HTTPError:
            switch e.status {
            case .notFound:
                let allowed = routes.methods(matching: request.uri.path)
                if !allowed.isEmpty {
                    return APIError(
                        .methodNotAllowed,
                        message: "\(request.method) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: ", "))",
                        headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
                }
                return APIError.notFound("no route for \(request.method) \(request.uri.path)")
            case .contentTooLarge:
                return APIError(.bodyTooLarge, message: "the request body is too large")
            default:
                return APIError(.init(status: e.status), message: e.body ?? e.status.reasonPhrase)
            }
        case let e as DecodingError:
            return APIError.decoding(e)
        case let e where Store.isUnavailable(e):
            context.logger.warning("database unavailable", metadata: ["error": "\(String(reflecting: error))"])
            return APIError(
                .databaseUnavailable, message: "the database is not answering; try again in a few seconds", headers: [.retryAfter: "5"])
        default:
            if let refusal = APIError(refusal: error) { return refusal }
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return APIError.internalError
        }
    }
}

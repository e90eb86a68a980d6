import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds `Authorization: Bearer …` from the token store to every request while a session is kept.
struct BearerToken: ClientMiddleware {
    let tokens: any TokenStore

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.headerFields[.authorization] == nil, let token = try tokens.load() {
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        return try await next(request, body, baseURL)
    }
}

import Foundation
import HTTPTypes
import OpenAPIRuntime
import WorldLayerAPI

/// Turns every error answer (4xx, 5xx) into a thrown ``WorldLayerError/refused(_:)``, read with the
/// document's own error type, so that the app-shaped calls only handle the answers they asked for.
struct RefusalReader: ClientMiddleware {
    /// Error bodies are small; a larger one is not an error body of this API.
    static let largestBody = 1 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var data = Data()
        if let responseBody { data = try await Data(collecting: responseBody, upTo: Self.largestBody) }
        guard let error = try? JSONDecoder().decode(Components.Schemas._Error.self, from: data).error else {
            throw WorldLayerError.refused(
                Refusal(status: response.status.code, code: "http_\(response.status.code)", message: response.status.reasonPhrase))
        }
        throw WorldLayerError.refused(
            Refusal(
                status: response.status.code, code: error.code, message: error.message, fields: error.fields ?? [],
                current: try error.current.map { try JSONEncoder().encode($0) }))
    }
}

import Foundation
import HTTPTypes
import WorldLayerCore

/// A server's answer, for assertions: its status, headers and body, read as the type a test
/// expects (``decoded(_:)``) or, for a look at one field, as JSON (``json``).
public struct APIResponse: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    /// The body's exact bytes (binary downloads).
    public var data: Data
    public var text: String { String(decoding: data, as: UTF8.self) }

    public init(status: HTTPResponse.Status, headers: HTTPFields, data: Data) {
        self.status = status
        self.headers = headers
        self.data = data
    }

    /// The body as `type`, read as every client reads the wire.
    public func decoded<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try WireJSON.decoder.decode(type, from: data)
        } catch {
            throw HelperFailure("\(status): the body is not a \(type): \(error); it was \(text.prefix(300))")
        }
    }

    public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }

    /// The error body's code and the fields it names.
    public var errorCode: String? { (try? decoded(ErrorEnvelope.self))?.error.code }
    public var errorFields: [String] { (try? decoded(ErrorEnvelope.self))?.error.fields?.map(\.field) ?? [] }

    /// Every 4xx and 5xx's body: `{"error": {"code", "message", "fields"}}`.
    private struct ErrorEnvelope: Decodable {
        struct Body: Decodable {
            var code: String
            var fields: [FieldError]?
        }
        var error: Body
    }
}

/// A test helper's step went wrong; the test fails with this message instead of the process trapping.
public struct HelperFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

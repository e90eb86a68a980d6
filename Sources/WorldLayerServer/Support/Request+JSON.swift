import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat
import WorldLayerCore

extension Request {
    /// Decodes a JSON body, turning every way it can be wrong into a clear 4xx:
    /// 413 when too large, 415 for another content type, 400 for malformed JSON,
    /// 422 naming the field that is missing or of the wrong type.
    func decodeJSON<T: Decodable>(_ type: T.Type, context: AppRequestContext, limit: Int? = nil) async throws -> T {
        let limit = limit ?? context.maxUploadSize
        if let contentType = headers[.contentType], !contentType.lowercased().hasPrefix("application/json") {
            throw APIError(.unsupportedMediaType, message: "send the body as application/json")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch {
            throw APIError(.bodyTooLarge, message: "the request body is larger than \(limit) bytes")
        }
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("the request needs a JSON body", code: .invalidJson) }
        do {
            return try WireJSON.decoder.decode(T.self, from: Data(buffer: buffer, byteTransferStrategy: .noCopy))
        } catch let error as DecodingError {
            throw APIError.decoding(error)
        }
    }
}

extension Request {
    /// A raw body (a photo, a camera frame, a file), or 413 saying what it may be at most.
    func bytes(upTo limit: Int, what: String) async throws -> Data {
        do {
            return Data(try await body.collect(upTo: limit).readableBytesView)
        } catch {
            throw APIError(.bodyTooLarge, message: "\(what) must be at most \(limit >> 20) MiB")
        }
    }
}

extension APIError {
    /// Explains a decoding failure in terms of the request's fields.
    static func decoding(_ error: DecodingError) -> APIError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let c) where c.codingPath.isEmpty:
            return .badRequest("the body is not valid JSON", code: .invalidJson)
        case .dataCorrupted(let c):
            return .validation([FieldError(path(c.codingPath), "has an invalid value")])
        case .keyNotFound(let key, let c):
            return .validation([FieldError(path(c.codingPath + [key]), "is required")])
        case .typeMismatch(let type, let c) where c.codingPath.isEmpty:
            let message =
                type == [String: Any].self ? "the body must be a JSON object" : "the body must be a JSON value of the documented shape"
            return .badRequest(message, code: .invalidJson)
        case .typeMismatch(let type, let c):
            return .validation([FieldError(path(c.codingPath), "must be \(APIError.describe(type))")])
        case .valueNotFound(let type, let c):
            return .validation([FieldError(path(c.codingPath), "must be \(APIError.describe(type)), not null")])
        @unknown default:
            return .badRequest("the body does not have the expected shape", code: .invalidJson)
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is UInt8.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        default: "of the documented type"
        }
    }
}

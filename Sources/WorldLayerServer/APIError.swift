import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerCore

/// An error a client may see: a status, a stable machine-readable code, a message
/// for people, and for validation errors the fields at fault.
///
/// Rendered as `{"error": {"code": "...", "message": "...", "fields": [...]}}`.
/// Nothing internal (SQL, stack traces, driver errors) ever goes into one.
public struct APIError: Error, HTTPResponseError, Sendable {
    public var code: Code
    public var status: HTTPResponse.Status { code.status }
    public var message: String
    public var fields: [FieldError] = []
    public var headers: HTTPFields = [:]
    /// For a stale edit: the current state of what was being edited.
    var current: (any Encodable & Sendable)? = nil
    /// For a placement inside a restricted zone: which one, so a client can name it in its own words.
    var zone: Zone? = nil
    /// For a suspended account signing in: until when and why, for the client to say in the person's time and words.
    var suspension: Suspension? = nil

    struct Zone: Encodable, Sendable {
        var name: String
        var kind: String
    }

    public init(_ code: Code, message: String, fields: [FieldError] = [], headers: HTTPFields = [:]) {
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    init(_ code: Code, message: String, fields: [FieldError], zone: Zone) {
        self.init(code, message: message, fields: fields)
        self.zone = zone
    }

    struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var fields: [FieldError]?
            var current: (any Encodable & Sendable)?
            var zone: Zone?
            var suspension: Suspension?

            enum Key: String, CodingKey { case code, message, fields, current, zone, suspension }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(code, forKey: .code)
                try c.encode(message, forKey: .message)
                try c.encodeIfPresent(fields, forKey: .fields)
                if let current { try c.encode(current, forKey: .current) }
                try c.encodeIfPresent(zone, forKey: .zone)
                try c.encodeIfPresent(suspension, forKey: .suspension)
            }
        }
        var error: Detail
    }

    /// The error in the language the request's `Accept-Language` prefers (English, Finnish or Swedish).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let language = Language.preferred(acceptLanguage: request.headers[.acceptLanguage])
        let said = translated(to: language)
        let data = try WireJSON.encoder.encode(
            Body(
                error: .init(
                    code: code.rawValue, message: said.message, fields: said.fields.isEmpty ? nil : said.fields, current: current,
                    zone: zone, suspension: suspension)))
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    /// The message and each field's in `language`; a validation failure's message is its fields'.
    func translated(to language: Language) -> (message: String, fields: [FieldError]) {
        let words = MessageCatalogue.of(language)
        let fields = fields.map { FieldError($0.field, words.translate($0.message)) }
        let message =
            code == .validationFailed && !fields.isEmpty ? fields.map(\.description).joined(separator: "; ") : words.translate(message)
        return (message, fields)
    }

    static func validation(_ fields: [FieldError]) -> APIError {
        APIError(.validationFailed, message: fields.map(\.description).joined(separator: "; "), fields: fields)
    }

    /// 409 for an edit based on a version that is no longer current; carries the current one.
    static func versionConflict(_ current: some Encodable & Sendable & Versioned) -> APIError {
        var e = APIError(
            .versionConflict,
            message: "it changed since you read it (current version \(current.version)); merge and send again with that version")
        e.current = current
        return e
    }

    /// 429 after too many failed attempts at a secret (a password, a passkey).
    static func tooManyAttempts(wait: Int, what: String) -> APIError {
        APIError(
            .tooManyAttempts, message: "too many \(what); try again in \(wait) seconds",
            headers: [.retryAfter: "\(wait)"])
    }

    /// Refuses, with how much is used of how much, when `adding` bytes would take an account past `quota`.
    static func requireRoom(used: Int, adding: Int, quota: Int, what: String) throws {
        guard used + adding > quota else { return }
        throw noRoom(used: used, quota: quota, what: what)
    }

    /// 403 for an account whose `what` would take more than its quota.
    static func noRoom(used: Int, quota: Int, what: String) -> APIError {
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return APIError(
            .quotaExceeded, message: "your \(what) take \(mib(used)) of the \(mib(quota)) an account may keep; delete some to add this one")
    }

    static func badRequest(_ message: String, code: Code = .badRequest) -> APIError {
        APIError(code, message: message)
    }

    static func notFound(_ message: String = "no such resource") -> APIError {
        APIError(.notFound, message: message)
    }

    static let unauthorized = APIError(
        .unauthorized, message: "log in first: send 'Authorization: Bearer <token>'",
        headers: [.wwwAuthenticate: "Bearer realm=\"worldlayer\""])

    static let invalidToken = APIError(
        .invalidToken, message: "the token is unknown, expired or revoked; log in again",
        headers: [.wwwAuthenticate: "Bearer realm=\"worldlayer\", error=\"invalid_token\""])

    static func conflict(_ message: String, field: String? = nil) -> APIError {
        APIError(.conflict, message: message, fields: field.map { [FieldError($0, message)] } ?? [])
    }

    static let internalError = APIError(.internalError, message: "something went wrong on our side; it has been logged")
}

/// Something edited with optimistic concurrency.
protocol Versioned {
    var version: Int { get }
}

extension Sticker: Versioned {}

import Foundation
import WorldLayerAPI
import WorldLayerCore

/// Why a call did not give its answer.
public enum WorldLayerError: Error, Sendable, CustomStringConvertible {
    /// The server answered with an error: the request was read and refused (or failed there).
    case refused(Refusal)
    /// No answer came: no network, the server is down, the connection dropped. Worth trying again.
    case unreachable(String)
    /// The server answered something this client does not understand.
    case unexpectedAnswer(String)
    /// This device could not keep what it had to (the session's token, the offline queue).
    case localStorage(String)

    public var description: String {
        switch self {
        case .refused(let r): "\(r.status) \(r.code): \(r.message)"
        case .unreachable(let why): "the server could not be reached: \(why)"
        case .unexpectedAnswer(let what): "unexpected answer: \(what)"
        case .localStorage(let why): "could not keep it on this device: \(why)"
        }
    }

    /// A later try may succeed: nothing was answered, or the server was busy or failing.
    public var isTransient: Bool {
        switch self {
        case .unreachable: true
        case .refused(let r): r.status == 429 || r.status >= 500
        case .unexpectedAnswer, .localStorage: false
        }
    }

    /// The server's answer, when it refused.
    public var refusal: Refusal? {
        if case .refused(let r) = self { r } else { nil }
    }
}

/// One wrong field of a request, as the server explains it.
public typealias FieldProblem = Components.Schemas._Error._ErrorPayload.FieldsPayloadPayload

/// The server's error answer: `{"error": {"code", "message", "fields", "current"}}` with its status.
public struct Refusal: Sendable, Hashable {
    public var status: Int
    /// Stable and machine-readable, like `version_conflict` or `validation_failed`.
    public var code: String
    public var message: String
    /// Which fields of the request were wrong, and why.
    public var fields: [FieldProblem] = []
    /// With a 409 `version_conflict`: the JSON of what is stored now.
    public var current: Data?

    /// What is stored now, in the resource's own type (a ``Sticker`` for a sticker edit).
    public func current<T: Decodable>(as type: T.Type) -> T? {
        guard let current else { return nil }
        return try? WireJSON.decoder.decode(T.self, from: current)
    }

    public var isVersionConflict: Bool { code == "version_conflict" }
}

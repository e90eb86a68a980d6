import Crypto
import Foundation
import WorldLayerCore

/// The key pair a server identifies itself with to push services (VAPID, RFC 8292). Browsers bind a
/// subscription to its public key (`applicationServerKey`), so every server of one site signs with
/// the same pair, kept in the database.
public struct VAPIDKey: Sendable {
    /// The private key's raw scalar (the key type itself is not `Sendable`).
    private let raw: Data
    /// The public key as a page passes it to `pushManager.subscribe` (uncompressed point, base64url).
    public let publicKey: String

    public init() { self.init(P256.Signing.PrivateKey()) }

    private init(_ key: P256.Signing.PrivateKey) {
        raw = key.rawRepresentation
        publicKey = Base64URL.encode(key.publicKey.x963Representation)
    }

    /// From ``stored``.
    public init(stored: String) throws {
        guard let raw = Base64URL.decode(stored) else {
            throw WebPushEncryption.Failure(description: "the stored VAPID key is not base64url")
        }
        self.init(try P256.Signing.PrivateKey(rawRepresentation: raw))
    }

    /// The private key as the database keeps it.
    public var stored: String { Base64URL.encode(raw) }

    /// How long a signed authorization lasts (RFC 8292 allows at most 24 hours).
    static let lifetime: TimeInterval = 12 * 3600

    /// The `Authorization` header for a request to `endpoint`: a JWT for the push service's origin,
    /// signed ES256, and our public key.
    public func authorization(for endpoint: URL, contact: String, now: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else {
            throw WebPushEncryption.Failure(description: "the push endpoint has no origin")
        }
        let origin = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        struct Claims: Encodable {
            var aud: String
            var exp: Int
            var sub: String
        }
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = Base64URL.encode(
            try JSONEncoder().encode(Claims(aud: origin, exp: Int(now.timeIntervalSince1970 + Self.lifetime), sub: contact)))
        let signed = "\(header).\(claims)"
        // JWS's ES256 is the raw r‖s pair, not DER.
        let signature = try P256.Signing.PrivateKey(rawRepresentation: raw).signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(Base64URL.encode(signature)), k=\(publicKey)"
    }
}

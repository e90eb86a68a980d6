import Foundation

/// A browser's Web Push subscription (the `PushSubscription.toJSON()` a page hands over): where the
/// push service takes messages for it, and the keys messages are encrypted to (RFC 8291).
public struct PushSubscription: Codable, Sendable, Equatable {
    public struct Keys: Codable, Sendable, Equatable {
        /// The browser's P-256 public key, uncompressed, base64url.
        public var p256dh: String
        /// 16 bytes of shared authentication secret, base64url.
        public var auth: String

        public init(p256dh: String, auth: String) {
            self.p256dh = p256dh
            self.auth = auth
        }
    }

    public var endpoint: String
    public var keys: Keys

    public init(endpoint: String, keys: Keys) {
        self.endpoint = endpoint
        self.keys = keys
    }

    public static let endpointMaximumLength = 1_024

    /// Push services are reached over HTTPS; plain HTTP only on this machine (a test's own push service).
    public func validate() -> [FieldError] {
        var errors: [FieldError] = []
        let url = URL(string: endpoint)
        let secure = url?.scheme == "https" || (url?.scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(url?.host ?? ""))
        if url?.host == nil || !secure || endpoint.count > Self.endpointMaximumLength {
            errors.append(FieldError("endpoint", "must be the push service's https URL"))
        }
        if Base64URL.decode(keys.p256dh).map({ $0.count == 65 && $0.first == 4 }) != true {
            errors.append(FieldError("keys.p256dh", "must be a P-256 public key (65 bytes, base64url)"))
        }
        if Base64URL.decode(keys.auth)?.count != 16 {
            errors.append(FieldError("keys.auth", "must be 16 bytes, base64url"))
        }
        return errors
    }
}

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), as Web Push writes keys.
public enum Base64URL {
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "=") }) else { return nil }
        var plain = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            .replacingOccurrences(of: "=", with: "")
        while plain.count % 4 != 0 { plain += "=" }
        return Data(base64Encoded: plain)
    }
}

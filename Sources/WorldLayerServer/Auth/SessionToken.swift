import Crypto
import Foundation

/// Opaque bearer tokens: 256 random bits, shown to the client once, stored only as
/// their SHA-256 hash so a leaked database cannot be replayed as logins.
enum SessionToken {
    static let prefix = "wl_"
    /// Tokens of guided-tour participants, who have no account.
    static let participantPrefix = "wlp_"

    static func make(prefix: String = SessionToken.prefix) -> String {
        var rng = SystemRandomNumberGenerator()  // getrandom(2): cryptographically secure
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

import Crypto
import Foundation
import WorldLayerCore

/// Opaque bearer secrets (sessions, a tour participant's ticket, a private worldmap's invite link):
/// 256 random bits, shown to their holder once, stored only as their SHA-256 hash so that a leaked
/// database cannot be replayed.
public enum SessionToken {
    public static let prefix = "wl_"
    /// Tokens of guided-tour participants, who have no account.
    public static let participantPrefix = "wlp_"
    /// A private worldmap's invite link.
    public static let invitePrefix = "wli_"

    public static func make(prefix: String = SessionToken.prefix) -> String {
        var rng = SystemRandomNumberGenerator()  // getrandom(2): cryptographically secure
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
        return prefix + Base64URL.encode(Data(bytes))
    }

    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

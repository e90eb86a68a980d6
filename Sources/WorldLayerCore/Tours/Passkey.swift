import Foundation

/// One-time passkeys a guide hands out: short and easy to read aloud or type on a phone.
///
/// The alphabet leaves out look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V), so a key copied from
/// a printed card is never ambiguous; typing is forgiving about case, spaces and hyphens.
public enum Passkey {
    public static let alphabet = Array("34679ACDEFGHJKMNPQRTWXY")
    /// 8 symbols of 23: 23⁸ ≈ 7.8 × 10¹⁰ keys, against a guesser held to a few tries a minute.
    public static let length = 8

    /// A fresh random key, shown as `XXXX-XXXX`.
    public static func make() -> String {
        var rng = SystemRandomNumberGenerator()  // getrandom(2): cryptographically secure
        let symbols = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
        return String(symbols[0..<4]) + "-" + String(symbols[4...])
    }

    /// The canonical form of what someone typed (upper case, no spaces or hyphens), or nil when it
    /// cannot be a key at all.
    public static func normalize(_ typed: String) -> String? {
        let kept = typed.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard kept.count == length, kept.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return kept
    }
}

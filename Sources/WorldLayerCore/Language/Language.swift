import Foundation

/// The languages the server speaks — its error messages and its e-mails — as the browser client does.
/// Any other language gets English.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case finnish = "fi"
    case swedish = "sv"

    /// The language of a BCP 47 tag by its primary subtag (`fi-FI` is Finnish); nil for another.
    public init?(tag: String) {
        let primary = tag.split(separator: "-", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// The language a client asks for by a BCP 47 tag: ours by its primary subtag, English for any
    /// other well-formed tag; a malformed one is refused under `field`.
    public static func requested(_ tag: String, field: String = "language") throws(FieldErrors) -> Language {
        guard Tour.isLanguageTag(tag) else { throw FieldErrors([FieldError(field, "must be a language tag such as en, fi or sv")]) }
        return Language(tag: tag) ?? .english
    }

    /// The language an `Accept-Language` header (RFC 9110 §12.5.4) prefers most among ours: the
    /// highest weight wins, the earlier of equal weights; `*` or nothing known is English.
    public static func preferred(acceptLanguage header: String?) -> Language {
        var best: (language: Language, weight: Double)? = nil
        for range in (header ?? "").split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, let language = Language(tag: tag) else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard weight > 0, weight > best?.weight ?? 0 else { continue }
            best = (language, weight)
        }
        return best?.language ?? .english
    }
}

/// Words kept once per language (an e-mail's texts, the server's messages): `of` picks the one a
/// person reads, English when they chose none.
public protocol LanguageTables {
    static var english: Self { get }
    static var finnish: Self { get }
    static var swedish: Self { get }
}

extension LanguageTables {
    public static func of(_ language: Language?) -> Self {
        switch language ?? .english {
        case .english: english
        case .finnish: finnish
        case .swedish: swedish
        }
    }
}

/// The server's messages for people in another language. A message is looked up by the English
/// template it was written from — `must be 1–{0} characters`, `{0}` standing for what was put in —
/// so the hundreds of places that word a refusal stay plain English sentences in the code, and
/// are translated once, where an answer is written.
///
/// What a placeholder held is kept as it was, unless it is itself a message of the catalogue
/// (`too many {0}; …` with `failed logins`). A message the catalogue does not know stays English.
public struct MessageCatalogue: Sendable {
    /// One English template cut at its placeholders: `literals` has one more element than `slots`.
    struct Template: Sendable {
        var literals: [Substring]
        /// The placeholder number of each gap, in the order they appear in English.
        var slots: [Int]
        var translation: String
        var literalLength: Int { literals.reduce(0) { $0 + $1.count } }
    }

    private let exact: [String: String]
    private let templates: [Template]

    /// `translations` maps English templates to this language's.
    public init(_ translations: [String: String]) {
        var exact: [String: String] = [:]
        var templates: [Template] = []
        for (english, translation) in translations {
            if let t = Self.template(english, translation: translation) { templates.append(t) } else { exact[english] = translation }
        }
        self.exact = exact
        self.templates = templates.sorted { $0.literalLength > $1.literalLength }  // the most specific template first
    }

    /// `message` in this language, or as it is when no template matches it.
    public func translate(_ message: String) -> String {
        if let found = exact[message] { return found }
        for template in templates {
            guard let values = Self.match(Substring(message), template.literals[...]) else { continue }
            return fill(
                template.translation, with: Dictionary(zip(template.slots, values.map(String.init)), uniquingKeysWith: { a, _ in a }))
        }
        return message
    }

    /// `translation` with `{n}` replaced by what slot n held, and `{n!}` by that translated in turn
    /// (another message's words inside this one: `the photo {0!}`).
    private func fill(_ translation: String, with values: [Int: String]) -> String {
        var text = ""
        var rest = Substring(translation)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let inside = rest[rest.index(after: open)..<close]
            let translated = inside.hasSuffix("!")
            text += rest[..<open]
            if let slot = Int(translated ? inside.dropLast() : inside), let value = values[slot] {
                text += translated ? translate(value) : value
            } else {
                text += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// Every template with placeholders, for the check that a translation uses the same ones.
    public var placeholderTemplates: [(english: String, translation: String)] {
        templates.map { t in
            (zip(t.literals, t.slots.map { "{\($0)}" } + [""]).map { "\($0)\($1)" }.joined(), t.translation)
        }
    }

    static func template(_ english: String, translation: String) -> Template? {
        var literals: [Substring] = []
        var slots: [Int] = []
        var literalStart = english.startIndex
        var rest = Substring(english)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let slot = Int(rest[rest.index(after: open)..<close]) {
                literals.append(english[literalStart..<open])
                slots.append(slot)
                literalStart = english.index(after: close)
            }
            rest = english[english.index(after: open)...]
        }
        guard !slots.isEmpty else { return nil }
        literals.append(english[literalStart...])
        return Template(literals: literals, slots: slots, translation: translation)
    }

    /// What each gap between `literals` holds in `text` (each non-empty), or nil when it does not fit.
    /// A gap takes the shortest value that lets the rest fit, so `{0} and {1}` takes the first " and ".
    static func match(_ text: Substring, _ literals: ArraySlice<Substring>) -> [Substring]? {
        guard let first = literals.first, text.hasPrefix(first) else { return nil }
        let rest = text.dropFirst(first.count)
        let remaining = literals.dropFirst()
        guard !remaining.isEmpty else { return rest.isEmpty ? [] : nil }
        guard !rest.isEmpty else { return nil }
        var end = rest.index(after: rest.startIndex)
        while true {
            if let more = match(rest[end...], remaining) { return [rest[..<end]] + more }
            guard end < rest.endIndex else { return nil }
            end = rest.index(after: end)
        }
    }
}

extension MessageCatalogue: LanguageTables {
    /// English's translates nothing.
    public static let english = MessageCatalogue([:])
    public static let finnish = MessageCatalogue(finnishMessages)
    public static let swedish = MessageCatalogue(swedishMessages)
}

import Foundation

/// A tour's texts (and narration) in another language than its own: what a visitor whose phone
/// speaks that language reads and hears. Whatever a translation leaves out is shown in the tour's
/// own language.
public struct TourTranslation: Codable, Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var stops: [StopTranslation]

    public init(title: String? = nil, description: String? = nil, stops: [StopTranslation] = []) {
        self.title = title
        self.description = description
        self.stops = stops
    }

    public func stop(_ id: TourStop.ID) -> StopTranslation? { stops.first { $0.id == id } }
}

/// One stop's title, text and narration in the translation's language.
public struct StopTranslation: Codable, Sendable, Equatable {
    public var id: TourStop.ID
    public var title: String?
    public var text: String?
    /// The stop's narration spoken in this language, in place of its own audio.
    public var narration: MediaRef?

    public init(id: TourStop.ID, title: String? = nil, text: String? = nil, narration: MediaRef? = nil) {
        self.id = id
        self.title = title
        self.text = text
        self.narration = narration
    }
}

extension Tour {
    /// Whether `tag` is a BCP 47 language tag as tours use them: a 2–3 letter language, optionally
    /// a script and a region (`fi`, `sv`, `en-GB`, `zh-Hant-TW`).
    public static func isLanguageTag(_ tag: String) -> Bool {
        tag.range(of: #"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$"#, options: .regularExpression) != nil
    }

    /// What is wrong with the translations, each with its field.
    func translationProblems() -> [FieldError] {
        var p: [FieldError] = []
        for (language, translation) in (translations ?? [:]).sorted(by: { $0.key < $1.key }) {
            let path = "translations.\(language)"
            if !Self.isLanguageTag(language) { p.append(FieldError(path, "must be a language tag such as fi, sv or en-GB")) }
            if language == self.language { p.append(FieldError(path, "is the tour's own language; write those texts in the tour itself")) }
            if (translation.title?.count ?? 0) > 200 { p.append(FieldError("\(path).title", "must be at most 200 characters")) }
            if (translation.description?.count ?? 0) > 5_000 {
                p.append(FieldError("\(path).description", "must be at most 5,000 characters"))
            }
            var seen = Set<TourStop.ID>()
            for (i, stop) in translation.stops.enumerated() {
                let stopPath = "\(path).stops[\(i)]"
                if self.stop(id: stop.id) == nil { p.append(FieldError("\(stopPath).id", "is no stop of this tour")) }
                if !seen.insert(stop.id).inserted { p.append(FieldError("\(stopPath).id", "is translated twice")) }
                if (stop.title?.count ?? 0) > 200 { p.append(FieldError("\(stopPath).title", "must be at most 200 characters")) }
                if (stop.text?.count ?? 0) > 20_000 { p.append(FieldError("\(stopPath).text", "must be at most 20,000 characters")) }
                if let narration = stop.narration, narration.kind != .audio {
                    p.append(FieldError("\(stopPath).narration", "must be a sound, not \(narration.contentType)"))
                }
            }
        }
        return p
    }
}

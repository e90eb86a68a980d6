import Foundation
import WorldLayerCore
import Yams

/// A tour bundle's `translations:` section: per language (sorted), the tour's title and description
/// and its stops' titles, texts and narration, in the same fixed layout as the rest of `tour.yaml`
/// so that exporting what was imported gives back the same bytes.
enum TourTranslationYAML {
    static func render(_ translations: [String: TourTranslation]?, stops: [TourStop]) -> String {
        guard let translations, !translations.isEmpty else { return "" }
        var out = "translations:  # the texts in other languages, by language tag\n"
        for (language, t) in translations.sorted(by: { $0.key < $1.key }) {
            out += "  \(BundleYAML.quoted(language)):\n"
            if let title = t.title { out += "    title: \(BundleYAML.quoted(title))\n" }
            if let description = t.description { out += "    description: \(BundleYAML.quoted(description))\n" }
            // In the tour's order of stops, whatever order they came in.
            let order = Dictionary(uniqueKeysWithValues: stops.enumerated().map { ($1.id, $0) })
            let translated = t.stops.sorted { (order[$0.id] ?? .max) < (order[$1.id] ?? .max) }
            guard !translated.isEmpty else { continue }
            out += "    stops:\n"
            for s in translated {
                out += "      - id: \(s.id.text)\n"
                if let title = s.title { out += "        title: \(BundleYAML.quoted(title))\n" }
                if let text = s.text { out += "        text: \(BundleYAML.quoted(text))\n" }
                if let narration = s.narration { out += "        narration: \(BundleYAML.quoted(narration.name))\n" }
            }
        }
        return out
    }
}

extension BundleReader {
    /// The `translations:` mapping: language tag → texts.
    mutating func translations(_ node: Node) throws -> [String: TourTranslation] {
        note(node, "translations")
        guard let mapping = node.mapping else { throw fail(node, "translations", "must be a mapping of language tags to texts") }
        var result: [String: TourTranslation] = [:]
        for (key, value) in mapping {
            let language = try string(key, "translations")
            let path = "translations.\(language)"
            let t = try self.mapping(value, path, required: [], optional: ["title", "description", "stops"])
            var stops: [StopTranslation] = []
            if let list = t["stops"] {
                guard let items = list.sequence else { throw fail(list, "\(path).stops", "must be a list of stops") }
                for (i, item) in items.enumerated() {
                    let at = "\(path).stops[\(i)]"
                    let s = try self.mapping(item, at, required: ["id"], optional: ["title", "text", "narration"])
                    stops.append(
                        StopTranslation(
                            id: TourStop.ID(try uuid(s["id"]!, "\(at).id")), title: try s["title"].map { try string($0, "\(at).title") },
                            text: try s["text"].map { try string($0, "\(at).text") },
                            narration: try s["narration"].map {
                                MediaRef(id: "", contentType: "", size: 0, name: try mediaPath($0, "\(at).narration"))
                            }))
                }
            }
            result[language] = TourTranslation(
                title: try t["title"].map { try string($0, "\(path).title") },
                description: try t["description"].map { try string($0, "\(path).description") }, stops: stops)
        }
        return result
    }
}

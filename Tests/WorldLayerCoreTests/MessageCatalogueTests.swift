import Foundation
import Testing
import WorldLayerCore

@Suite("The server's messages in Finnish and Swedish")
struct MessageCatalogueTests {
    @Test(
        "Accept-Language picks the highest weight among en, fi and sv; the earlier of equal ones; English otherwise",
        arguments: [
            ("fi-FI,fi;q=0.9,en;q=0.8", Language.finnish), ("en-US,sv;q=0.5", .english), ("de-DE, sv;q=0.7, fi;q=0.6", .swedish),
            ("sv;q=0.2, fi;q=0.8", .finnish), ("fi, sv", .finnish), ("*", .english), ("", .english), ("sv;q=0", .english),
            ("nb-NO", .english), ("SV-se", .swedish), ("fi;q=abc", .finnish),
        ])
    func negotiation(header: String, expected: Language) {
        #expect(Language.preferred(acceptLanguage: header) == expected)
        #expect(Language.preferred(acceptLanguage: nil) == .english)
    }

    @Test("a message is translated by its template; what the placeholders held is kept, translated only where marked")
    func templates() {
        let fi = MessageCatalogue.of(.finnish), sv = MessageCatalogue.of(.swedish)
        #expect(fi.translate("must be at most 2,000 characters") == "saa olla enintään 2 000 merkkiä")
        #expect(sv.translate("is required") == "krävs")
        #expect(fi.translate("'lat' must be a number between -90.0 and 90.0") == "'lat' on oltava luku väliltä -90.0–90.0")
        #expect(sv.translate("must be 3 to 30 characters") == "måste vara 3–30 tecken")
        // A phrase of the catalogue inside another message is translated too, in the form that sentence needs…
        #expect(
            fi.translate("too many failed logins; try again in 42 seconds")
                == "liian monta: epäonnistuneita kirjautumisia; yritä uudelleen 42 sekunnin kuluttua")
        #expect(
            sv.translate("the photo is not a PNG or JPEG image with a readable header")
                == "fotot är inte en PNG- eller JPEG-bild med läsbart huvud")
        // …but a person's words never are: a username that is an English word stays as typed.
        #expect(fi.translate("no user named 'photo'") == "käyttäjää 'photo' ei ole")
        #expect(sv.translate("“Is required” is an open tour: no passkey is needed") == "”Is required” är en öppen tur: ingen kod behövs")
        // The most specific template wins over a general one.
        #expect(
            fi.translate("the query needs 'cells': comma-separated cell ids")
                == "kysely tarvitsee parametrin 'cells': pilkuin erotetut solujen tunnukset")
        // Unknown words stay as they are, in every language.
        #expect(fi.translate("a sentence nobody wrote") == "a sentence nobody wrote")
        #expect(MessageCatalogue.of(.english).translate("is required") == "is required")
    }

    @Test("both catalogues translate the same messages, and a translation uses only the placeholders its English has")
    func catalogueShape() {
        let fi = MessageCatalogue.of(.finnish).placeholderTemplates, sv = MessageCatalogue.of(.swedish).placeholderTemplates
        #expect(Set(fi.map(\.english)) == Set(sv.map(\.english)))
        for (english, translation) in fi + sv {
            let wanted = Set(Self.placeholders(english))
            let used = Set(Self.placeholders(translation).map { $0.replacingOccurrences(of: "!", with: "") })
            #expect(used.isSubset(of: wanted), "\(translation) uses a placeholder “\(english)” does not have")
        }
    }

    @Test("every message the server's code writes for people has words in Finnish and Swedish")
    func everyMessageTranslated() throws {
        let messages = try ServerMessages.inSources()
        #expect(messages.count > 250, "the scan found only \(messages.count): has the code's shape changed?")
        for language in [Language.finnish, .swedish] {
            let catalogue = MessageCatalogue.of(language)
            let missing = messages.filter { catalogue.translate(Self.example($0)) == Self.example($0) }
            #expect(missing.isEmpty, "no \(language) words for: \(missing.sorted().joined(separator: "\n"))")
        }
    }

    static func placeholders(_ text: String) -> [String] {
        text.matches(of: /\{[0-9]+!?\}/).map { String($0.output) }
    }

    /// A template made into a message: each placeholder holds a value no catalogue entry has.
    static func example(_ template: String) -> String {
        template.replacing(/\{[0-9]+\}/) { _ in "x7" }
    }
}

/// The English message templates written where the server refuses something: a field's message, an
/// error's `message:`, `notFound`/`badRequest`/`conflict`'s text, a limit's `what:`. `\(…)` becomes `{n}`.
enum ServerMessages {
    static let sources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources").standardized
    static let modules = ["WorldLayerCore", "WorldLayerServer", "WorldLayerStore", "WorldLayerServices"]

    static func inSources() throws -> Set<String> {
        var found = Set<String>()
        for module in modules {
            let folder = sources.appending(path: module)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                found.formUnion(templates(in: try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return found
    }

    /// Where a message literal starts: just after its opening quote.
    static var starts: Regex<Substring> {
        /(?:FieldError\(\s*(?:"(?:[^"\\]|\\.)*"|[^,"()]+|[^,"]*\([^)]*\)[^,"]*),\s*|message:\s*|badRequest\(\s*|notFound\(\s*|conflict\(\s*|what:\s*)"/
    }

    static func templates(in code: String) -> [String] {
        code.matches(of: starts).compactMap { literal(in: code[$0.range.upperBound...]) }
    }

    /// The string literal starting at `text` up to its closing quote, interpolations numbered.
    static func literal(in text: Substring) -> String? {
        var out = "", slot = 0, i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { return out }
            if c == "\\" {
                let next = text.index(after: i)
                guard next < text.endIndex else { return nil }
                if text[next] == "(" {
                    guard let end = interpolationEnd(text, from: text.index(after: next)) else { return nil }
                    out += "{\(slot)}"
                    slot += 1
                    i = end
                    continue
                }
                out.append(["n": "\n", "t": "\t"][text[next]] ?? text[next])
                i = text.index(after: next)
                continue
            }
            out.append(c)
            i = text.index(after: i)
        }
        return nil
    }

    /// Just past the `)` closing an interpolation whose `(` was before `start`; quotes inside are skipped.
    static func interpolationEnd(_ text: Substring, from start: Substring.Index) -> Substring.Index? {
        var depth = 1, inString = false, i = start
        while i < text.endIndex {
            let c = text[i]
            if inString {
                if c == "\\" { i = text.index(after: i) } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return text.index(after: i) }
            }
            i = text.index(after: i)
        }
        return nil
    }
}

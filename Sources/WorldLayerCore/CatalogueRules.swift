import Foundation

/// Checks shared by everything listed in a catalogue (tours, books): a slug for links, a title, a language.
enum CatalogueRules {
    static func problems(slug: String, title: String, description: String, language: String) -> [FieldError] {
        var p: [FieldError] = []
        if slug.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) == nil || slug.count > 64 {
            p.append(FieldError("slug", "must be 1–64 lower-case letters, digits and single hyphens"))
        }
        if title.trimmingCharacters(in: .whitespaces).isEmpty || title.count > 200 {
            p.append(FieldError("title", "must be 1–200 characters"))
        }
        if description.count > 10_000 { p.append(FieldError("description", "must be at most 10,000 characters")) }
        if language.range(of: #"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#, options: .regularExpression) == nil {
            p.append(FieldError("language", "must be a BCP 47 language tag such as en, fi or en-GB"))
        }
        return p
    }
}

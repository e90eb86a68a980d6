import Foundation

extension Book: Validatable {
    public static let maximumTargets = 2_000

    /// Everything wrong with the book, by field path (`targets[2].physicalWidth`); empty when it may be saved.
    public func problems() -> [FieldError] {
        var p = CatalogueRules.problems(slug: slug, title: title, description: description, language: language)
        if authors.isEmpty || authors.count > 50
            || authors.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.count > 200 })
        {
            p.append(FieldError("authors", "must name 1 to 50 authors, each 1–200 characters"))
        }
        if let cover, cover.kind != .image { p.append(FieldError("cover", "must be a PNG or JPEG image")) }
        if targets.isEmpty || targets.count > Self.maximumTargets {
            p.append(FieldError("targets", "must hold 1 to \(Self.maximumTargets) targets"))
        }
        var ids = Set<BookTarget.ID>()
        for (i, target) in targets.enumerated() {
            if !ids.insert(target.id).inserted { p.append(FieldError("targets[\(i)].id", "repeats the id of an earlier target")) }
            p += target.problems(at: "targets[\(i)]")
        }
        return p
    }
}

extension BookTarget {
    func problems(at path: String) -> [FieldError] {
        var p: [FieldError] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 200 {
            p.append(FieldError("\(path).name", "must be 1–200 characters"))
        }
        if image.kind != .image { p.append(FieldError("\(path).image", "must be a PNG or JPEG image")) }
        // ARKit wants the printed size; from a stamp to a poster.
        if !(physicalWidth.isFinite && (0.01...5).contains(physicalWidth)) {
            p.append(FieldError("\(path).width", "must be 0.01 to 5 metres"))
        }
        if (credit?.count ?? 0) > 1_000 { p.append(FieldError("\(path).credit", "must be at most 1,000 characters")) }
        let field = "\(path).\(content.kind.rawValue)"
        if let needed = content.kind.media {
            if content.media?.kind != needed {
                p.append(FieldError(field, "must be \(needed == .audio ? "an" : "a") \(needed.rawValue) file (\(needed.formats))"))
            }
        } else if let url = content.url.flatMap(URL.init(string:)), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil
        {
            if content.url!.count > 2_000 { p.append(FieldError(field, "must be at most 2,000 characters")) }
        } else {
            p.append(FieldError(field, "must be an http or https address"))
        }
        return p
    }
}

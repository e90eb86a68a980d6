import Foundation
import WorldLayerGeo

/// The limits every sticker meets, enforced by the server for every client.
public enum StickerRules {
    /// A clip is named by the id of its author's own upload; any other id is refused with this.
    public static let clipNotUploaded = FieldError("media.id", "is not one of your uploads; send the file to /v1/stickers/media first")

    public static let textMaximumLength = 280
    public static let tagsMaximumCount = 10
    public static let tagMaximumLength = 40
    public static let sizeRange = 0.05...20.0
    public static let altitudeRange = -500.0...9_000.0
    public static let accuracyRange = 0.0...1_000.0
    public static let sharedWithMaximumCount = 100
    public static let sharedWithGroupsMaximumCount = 20
    /// How far ahead a self-delete timer may be set.
    public static let maximumLifetime: TimeInterval = 366 * 24 * 3600

    /// Checks a draft and returns it cleaned (tags normalised and deduplicated,
    /// orientation normalised, colour upper-cased), or every problem found.
    public static func validate(_ draft: StickerDraft, now: Date = Date()) -> Result<StickerDraft, FieldErrors> {
        var d = draft
        var problems: [FieldError] = []
        if d.templateId.isEmpty { problems.append(FieldError("templateId", "is required")) }
        if d.text.count > textMaximumLength { problems.append(FieldError("text", "must be at most \(textMaximumLength) characters")) }
        if d.text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) && $0 != "\n" }) {
            problems.append(FieldError("text", "must not contain control characters other than line breaks"))
        }
        let tags = d.tags.map(Tag.normalize)
        if tags.count > tagsMaximumCount { problems.append(FieldError("tags", "at most \(tagsMaximumCount) tags")) }
        if let bad = tags.first(where: { !Tag.isValid($0) }) {
            problems.append(FieldError("tags", "'\(bad)' must be 1 to \(tagMaximumLength) letters, digits or '_'"))
        }
        d.tags = tags.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        d.contentWarnings = ContentWarning.canonical(d.contentWarnings)
        if let link = d.link {
            if link.trimmingCharacters(in: .whitespaces).isEmpty {
                d.link = nil
            } else if let problem = StickerMediaRules.problem(link: link) {
                problems.append(problem)
            } else {
                d.link = link.trimmingCharacters(in: .whitespaces)
            }
        }
        if let media = d.media, media.id.count != 64 || !media.id.allSatisfy(\.isHexDigit) {
            problems.append(FieldError("media.id", "must be the id an upload to /v1/stickers/media returned"))
        }
        if let color = normalizeColor(d.color) { d.color = color } else { problems.append(FieldError("color", "must be #RRGGBB")) }
        if !(d.size.isFinite && sizeRange.contains(d.size)) {
            problems.append(FieldError("size", "must be \(sizeRange.lowerBound) to \(sizeRange.upperBound) metres"))
        }
        let norm = d.orientation.norm
        if norm.isFinite, abs(norm - 1) <= 1e-3 {
            d.orientation = d.orientation.normalized
        } else {
            problems.append(FieldError("orientation", "must be a unit quaternion [x, y, z, w]"))
        }
        problems += validate(d.anchor)
        if let pose = d.pose, pose.count != 16 || !pose.allSatisfy(\.isFinite) {
            problems.append(FieldError("pose", "must be 16 finite numbers (a column-major 4×4 transform)"))
        }
        if d.visibility != .shared, !d.sharedWith.isEmpty {
            problems.append(FieldError("sharedWith", "is only for stickers with visibility 'shared'"))
        }
        if d.sharedWith.count > sharedWithMaximumCount {
            problems.append(FieldError("sharedWith", "at most \(sharedWithMaximumCount) people"))
        }
        if let groups = d.sharedWithGroups {
            if d.visibility != .shared, !groups.isEmpty {
                problems.append(FieldError("sharedWithGroups", "is only for stickers with visibility 'shared'"))
            }
            if groups.count > sharedWithGroupsMaximumCount {
                problems.append(FieldError("sharedWithGroups", "at most \(sharedWithGroupsMaximumCount) groups"))
            }
            if groups.contains(where: { UUID(uuidString: $0) == nil }) {
                problems.append(FieldError("sharedWithGroups", "must be group ids"))
            }
            let ids = groups.compactMap(UUID.init(uuidString:)).map { $0.text }
            d.sharedWithGroups = ids.isEmpty ? nil : ids.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        if let expiry = d.expiresAt {
            if expiry <= now { problems.append(FieldError("expiresAt", "must be in the future")) }
            if expiry > now.addingTimeInterval(maximumLifetime) { problems.append(FieldError("expiresAt", "must be within a year")) }
        }
        return problems.isEmpty ? .success(d) : .failure(FieldErrors(problems))
    }

    public static func validate(_ a: StickerAnchor) -> [FieldError] {
        var problems: [FieldError] = []
        if !(a.latitude.isFinite && abs(a.latitude) <= 90) { problems.append(FieldError("anchor.latitude", "must be between -90 and 90")) }
        if !(a.longitude.isFinite && abs(a.longitude) <= 180) {
            problems.append(FieldError("anchor.longitude", "must be between -180 and 180"))
        }
        if !(a.altitude.isFinite && altitudeRange.contains(a.altitude)) {
            problems.append(
                FieldError("anchor.altitude", "must be \(Int(altitudeRange.lowerBound)) to \(Int(altitudeRange.upperBound)) metres"))
        }
        if !(a.accuracy.isFinite && accuracyRange.contains(a.accuracy)) {
            problems.append(FieldError("anchor.accuracy", "must be 0 to \(Int(accuracyRange.upperBound)) metres"))
        }
        return problems
    }

    public static func normalizeColor(_ text: String) -> String? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + hex.uppercased()
    }
}

/// Tags: created by use; one spelling per tag whatever the case, `#` or Unicode form.
public enum Tag {
    public static func normalize(_ raw: String) -> String {
        var t = raw.trimmingCharacters(in: .whitespaces)
        while t.hasPrefix("#") { t.removeFirst() }
        return t.precomposedStringWithCompatibilityMapping.lowercased()
    }

    public static func isValid(_ tag: String) -> Bool {
        (1...StickerRules.tagMaximumLength).contains(tag.count)
            && tag.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }
}

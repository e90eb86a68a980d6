import Foundation
import WorldLayerCore

/// The people and stickers tests make, as Core's own types: a test states what differs from these.
public enum Fixtures {
    /// Central Helsinki, where the demo data is.
    public static let helsinki = (latitude: 60.1699, longitude: 24.9384)
    /// Every test person's password.
    public static let password = "correct horse"

    /// A person to sign up: `username`@example.org, born in 1990.
    public static func signUp(_ username: String, password: String = password, email: String? = nil) -> SignUp {
        SignUp(
            username: username, email: email ?? "\(username)@example.org", password: password, displayName: "Test \(username)",
            birthday: "1990-05-17")
    }

    /// A sticker `north` metres north of the centre point (roughly), tagged `#Demo`.
    public static func sticker(
        north: Double = 0, text: String = "hello", visibility: Visibility = .public, sharedWith: [String] = [], worldmapId: String? = nil,
        template: String = "sticky-note"
    ) -> StickerDraft {
        StickerDraft(
            templateId: template, text: text, tags: ["#Demo"], color: "#ff8800", size: 0.4, orientation: .identity,
            anchor: anchor(north: north), visibility: visibility, sharedWith: sharedWith, worldmapId: worldmapId.map(worldmap))
    }

    /// A point `north` metres north of the centre point (roughly), 20 m up, 3 m accurate.
    public static func anchor(north: Double = 0, east: Double = 0) -> StickerAnchor {
        let latitude = helsinki.latitude + north / 111_320
        let longitude = helsinki.longitude + east / (111_320 * cos(latitude * .pi / 180))
        return StickerAnchor(latitude: latitude, longitude: longitude, altitude: 20, accuracy: 3)
    }

    /// A worldmap's id from the text an answer carried; a test that passes anything else is wrong.
    public static func worldmap(_ text: String) -> Worldmap.ID {
        guard let id = Worldmap.ID(text) else { preconditionFailure("not a worldmap id: \(text)") }
        return id
    }

    /// The birthday of someone who turned `years` today (UTC), `YYYY-MM-DD`.
    public static func birthday(yearsAgo years: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .year, value: -years, to: Date())!
        let c = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}

extension Encodable {
    /// The value as the wire writes it, as a dictionary: for a test that breaks a typed body on
    /// purpose (a field of the wrong type, one missing, one no type has).
    public var jsonObject: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: WireJSON.encoder.encode(self)) as? [String: Any] else {
                throw HelperFailure("\(Self.self) is not written as a JSON object")
            }
            return object
        }
    }
}

/// An edit as the client sends it: the draft, plus the version it was read at.
public struct StickerEdit: Encodable {
    public var draft: StickerDraft
    public var version: Int

    public func encode(to encoder: any Encoder) throws {
        try draft.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(version, forKey: .version)
    }
    private enum Key: String, CodingKey { case version }
}

extension StickerDraft {
    /// This draft as an edit of `version`.
    public func edit(version: Int) -> StickerEdit { StickerEdit(draft: self, version: version) }

    /// This draft with `change` made, for a test that states only what differs.
    public func with(_ change: (inout StickerDraft) -> Void) -> StickerDraft {
        var copy = self
        change(&copy)
        return copy
    }
}

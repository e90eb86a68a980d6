import Foundation

/// Who may anchor a sticker to a scene or take it off, and what makes a frame a scene that can be
/// found again, in words for people.
public enum SceneAnchorRules {
    public static let onlyAuthor = "only its author can anchor a sticker"
    public static let onlyAuthorOrModerator = "only its author or a moderator can remove a sticker's scene"

    public static func mayAnchor(_ sticker: Sticker, by account: Account.ID) -> Bool { sticker.author.id == account }

    public static func mayRemove(_ sticker: Sticker, by account: Account) -> Bool {
        sticker.author.id == account.id || account.role != .user
    }

    /// A frame's problems (from the image's own analysis) as the field they are about.
    public static func frameProblems(_ problems: [String]) -> [FieldError] {
        problems.map { FieldError("frame", "this scene could not be found again: \($0); aim at a flat, detailed surface") }
    }
}

/// What the image analysis found in a frame offered as a scene: its size, quality, features and
/// the reasons it would not be found again (none for a good one).
public struct SceneFrame: Sendable {
    public var picture: Data
    public var contentType: String
    public var width: Int
    public var height: Int
    public var quality: SceneQuality
    public var features: Data
    public var problems: [String]

    public init(
        picture: Data, contentType: String, width: Int, height: Int, quality: SceneQuality, features: Data, problems: [String]
    ) {
        (self.picture, self.contentType, self.width, self.height) = (picture, contentType, width, height)
        (self.quality, self.features, self.problems) = (quality, features, problems)
    }
}

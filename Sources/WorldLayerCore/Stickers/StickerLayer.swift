import Foundation

/// The stickers a person chose to see in AR and on the map (StickARs' opt-in layers): the public
/// world, only what comes from people and tags they follow, or one private map. A layer narrows
/// what the viewer may see; it never widens it.
public enum StickerLayer: Sendable, Hashable, CustomStringConvertible {
    /// Every sticker outside private maps that the viewer may see.
    case `public`
    /// Those of them by people the viewer follows or under tags they follow, and the viewer's own.
    case following
    /// The stickers of one private map.
    case worldmap(Worldmap.ID)

    /// Parses `public`, `following` or `worldmap:<id>`.
    public init?(_ text: String) {
        switch text {
        case "public": self = .public
        case "following": self = .following
        default:
            guard text.hasPrefix("worldmap:"), let id = Worldmap.ID(String(text.dropFirst("worldmap:".count))) else { return nil }
            self = .worldmap(id)
        }
    }

    public var description: String {
        switch self {
        case .public: "public"
        case .following: "following"
        case .worldmap(let id): "worldmap:\(id.text)"
        }
    }

    /// Whether a sticker the viewer may see is in this layer; `interests` is what the viewer follows.
    public func includes(_ sticker: Sticker, viewer: Account.ID?, interests: FeedInterests) -> Bool {
        switch self {
        case .public: return !sticker.worldmapIsPrivate
        case .following:
            return !sticker.worldmapIsPrivate
                && (sticker.author.id == viewer || interests.authors.contains(sticker.author.id)
                    || !interests.tags.isDisjoint(with: sticker.tags))
        case .worldmap(let id): return sticker.worldmapIsPrivate && sticker.worldmapId == id
        }
    }

    /// What a client is told when the layer's text is not one of these.
    public static let expected = "'layer' must be public, following or worldmap:<id>"
}

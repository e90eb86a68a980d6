import Foundation
import WorldLayerGeo

/// Where a sticker is in the seed's state diagram.
public enum StickerState: String, Sendable, Codable, CaseIterable {
    /// Being customized; seen by its author only.
    case unpublished
    /// Placed in the world; seen by its audience.
    case published
    /// Ended: invisible to everyone, archived for moderation until purged.
    case deleted
}

/// Who a sticker is for.
public enum Visibility: String, Sendable, Codable, CaseIterable {
    case `public`
    /// The author only.
    case `private`
    /// Listed people, or (on a private worldmap) its members.
    case shared
    /// The people who follow the author (StickARs' "followers only").
    case followers
}

/// A rotation as a unit quaternion, `x, y, z, w` (ARKit's `simd_quatf` order).
public struct Orientation: Sendable, Hashable, Codable {
    public var x, y, z, w: Double

    public init(x: Double, y: Double, z: Double, w: Double) {
        (self.x, self.y, self.z, self.w) = (x, y, z, w)
    }

    public static let identity = Orientation(x: 0, y: 0, z: 0, w: 1)

    public var norm: Double { (x * x + y * y + z * z + w * w).squareRoot() }

    public var normalized: Orientation {
        let n = norm
        return Orientation(x: x / n, y: y / n, z: z / n, w: w / n)
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        self.init(x: try c.decode(Double.self), y: try c.decode(Double.self), z: try c.decode(Double.self), w: try c.decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x)
        try c.encode(y)
        try c.encode(z)
        try c.encode(w)
    }
}

/// A geo anchor: WGS84 position, ellipsoidal altitude, and how sure the device was.
public struct StickerAnchor: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above the WGS84 ellipsoid.
    public var altitude: Double
    /// One-sigma horizontal accuracy, metres.
    public var accuracy: Double

    public init(latitude: Double, longitude: Double, altitude: Double, accuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.accuracy = accuracy
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

/// Who made a sticker, as others see them.
public struct StickerAuthor: Sendable, Hashable, Codable {
    public var id: Account.ID
    public var username: String
    public var displayName: String

    public init(id: Account.ID, username: String, displayName: String) {
        self.id = id
        self.username = username
        self.displayName = displayName
    }
}

/// What a client sends to create or edit a sticker.
public struct StickerDraft: Sendable, Hashable, Codable {
    public var templateId: String
    public var text: String
    public var tags: [String]
    /// `#RRGGBB`.
    public var color: String
    /// Edge length in metres.
    public var size: Double
    public var orientation: Orientation
    public var anchor: StickerAnchor
    /// Column-major 4×4 transform inside the worldmap's device map, for centimetre relocalization.
    public var pose: [Double]?
    public var visibility: Visibility
    /// Usernames a `shared` sticker is shared with.
    public var sharedWith: [String]
    /// Groups (ids) a `shared` sticker is shared with: their members see it, whoever joins later too.
    public var sharedWithGroups: [String]?
    /// A private worldmap to put the sticker on; nil for the public world.
    public var worldmapId: Worldmap.ID?
    /// Self-delete time.
    public var expiresAt: Date?
    /// What the author warns of; nil for none.
    public var contentWarnings: [ContentWarning]?
    /// A sound or short video it plays when opened.
    public var media: StickerMedia?
    /// A web address it opens (`http` or `https`).
    public var link: String?

    public init(
        templateId: String, text: String = "", tags: [String] = [], color: String = "#FFD60A", size: Double = 0.3,
        orientation: Orientation = .identity, anchor: StickerAnchor, pose: [Double]? = nil, visibility: Visibility = .public,
        sharedWith: [String] = [], sharedWithGroups: [String]? = nil, worldmapId: Worldmap.ID? = nil, expiresAt: Date? = nil,
        contentWarnings: [ContentWarning]? = nil, media: StickerMedia? = nil, link: String? = nil
    ) {
        self.templateId = templateId
        self.text = text
        self.tags = tags
        self.color = color
        self.size = size
        self.orientation = orientation
        self.anchor = anchor
        self.pose = pose
        self.visibility = visibility
        self.sharedWith = sharedWith
        self.sharedWithGroups = sharedWithGroups
        self.worldmapId = worldmapId
        self.expiresAt = expiresAt
        self.contentWarnings = contentWarnings
        self.media = media
        self.link = link
    }
}

/// A sticker as stored and served.
public struct Sticker: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<Sticker>

    public var id: ID
    public var author: StickerAuthor
    public var state: StickerState
    public var templateId: String
    public var text: String
    public var tags: [String]
    public var color: String
    public var size: Double
    public var orientation: Orientation
    public var anchor: StickerAnchor
    public var pose: [Double]?
    public var visibility: Visibility
    /// Usernames; shown to the author only (others see an empty list).
    public var sharedWith: [String]
    /// Group ids; shown to the author only.
    public var sharedWithGroups: [String]?
    /// The worldmap it is on: the public one of its cell, or a private one.
    public var worldmapId: Worldmap.ID
    public var worldmapIsPrivate: Bool
    /// Text form of the cell the anchor falls in.
    public var cell: String
    public var expiresAt: Date?
    /// What the author warns of (``ContentWarning``); nil for none.
    public var contentWarnings: [ContentWarning]?
    /// A sound or short video (``StickerMedia``), served at `/v1/stickers/{id}/media` to those who see the sticker.
    public var media: StickerMedia?
    public var link: String?
    /// Increases with every change; an edit must name the version it read.
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ID, author: StickerAuthor, state: StickerState, draft: StickerDraft, worldmapId: Worldmap.ID, worldmapIsPrivate: Bool,
        cell: String, version: Int, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.author = author
        self.state = state
        templateId = draft.templateId
        text = draft.text
        tags = draft.tags
        color = draft.color
        size = draft.size
        orientation = draft.orientation
        anchor = draft.anchor
        pose = draft.pose
        visibility = draft.visibility
        sharedWith = draft.sharedWith
        sharedWithGroups = draft.sharedWithGroups
        self.worldmapId = worldmapId
        self.worldmapIsPrivate = worldmapIsPrivate
        self.cell = cell
        expiresAt = draft.expiresAt
        contentWarnings = draft.contentWarnings
        media = draft.media
        link = draft.link
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The editable part, as a client would send it back.
    public var draft: StickerDraft {
        StickerDraft(
            templateId: templateId, text: text, tags: tags, color: color, size: size, orientation: orientation, anchor: anchor,
            pose: pose, visibility: visibility, sharedWith: sharedWith, sharedWithGroups: sharedWithGroups,
            worldmapId: worldmapIsPrivate ? worldmapId : nil,
            expiresAt: expiresAt, contentWarnings: contentWarnings, media: media, link: link)
    }

    /// Shown only to people known to be adults (and to its author).
    public var isAgeRestricted: Bool { contentWarnings?.contains(.ageRestricted) ?? false }

    /// What someone other than the author is shown: not whom else it is shared with.

    /// The groups it is shared with, as ids.
    public var groupIDs: Set<StickerGroup.ID> { Set((sharedWithGroups ?? []).compactMap(StickerGroup.ID.init)) }

    public func seen(by viewer: Account.ID?) -> Sticker {
        guard viewer != author.id else { return self }
        var copy = self
        copy.sharedWith = []
        copy.sharedWithGroups = nil
        return copy
    }
}

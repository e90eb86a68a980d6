import Foundation

/// Someone as discovery and follow lists show them, from the asker's side.
public struct PersonCard: Codable, Sendable, Equatable {
    public var id: Account.ID
    public var username: String
    public var displayName: String
    /// Whether the asker follows them.
    public var following: Bool
    /// Whether following them needs no approval (a private account approves each follower).
    public var acceptsFollows: Bool
    /// Whether the asker's request to follow them waits for their approval.
    public var requested: Bool

    public init(id: Account.ID, username: String, displayName: String, following: Bool, acceptsFollows: Bool, requested: Bool = false) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.following = following
        self.acceptsFollows = acceptsFollows
        self.requested = requested
    }
}

/// A tag as discovery shows it.
public struct TagCard: Codable, Sendable, Equatable {
    public var tag: String
    /// Living, published stickers carrying it.
    public var stickers: Int
    public var following: Bool

    public init(tag: String, stickers: Int, following: Bool) {
        self.tag = tag
        self.stickers = stickers
        self.following = following
    }
}

/// Why a sticker is in my feed.
public enum FeedReason: String, Codable, Sendable {
    case person, tag, group
}

/// A report of a sticker, and what moderation made of it.
public struct StickerReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        case open
        /// The sticker was hidden: it is gone everywhere.
        case hidden
        /// Nothing wrong was found.
        case dismissed
    }

    public typealias ID = TypedID<StickerReport>

    public var id: ID
    public var stickerId: Sticker.ID
    /// Nil once the reporter's account is deleted (the report stays, anonymised).
    public var reporterId: Account.ID?
    public var reason: String
    public var status: Status
    /// What the moderator told the reporter.
    public var note: String?
    public var decidedAt: Date?
    public var createdAt: Date

    public init(
        id: ID, stickerId: Sticker.ID, reporterId: Account.ID?, reason: String, status: Status, note: String?, decidedAt: Date?,
        createdAt: Date
    ) {
        self.id = id
        self.stickerId = stickerId
        self.reporterId = reporterId
        self.reason = reason
        self.status = status
        self.note = note
        self.decidedAt = decidedAt
        self.createdAt = createdAt
    }

    public static let reasonMaximumLength = 1_000
}

/// One entry of the moderation log: who did what to what, when.
public struct ModerationAction: Codable, Sendable, Equatable {
    public typealias ID = TypedID<ModerationAction>

    public var id: ID
    public var moderatorId: Account.ID?
    public var moderator: String
    /// `hide`, `dismiss`, `approve_template`, `reject_template`.
    public var action: String
    /// `report`, `sticker`, `template`.
    public var targetKind: String
    public var targetId: String
    public var note: String?
    public var createdAt: Date

    public init(
        id: ID, moderatorId: Account.ID?, moderator: String, action: String, targetKind: String, targetId: String, note: String?,
        createdAt: Date
    ) {
        self.id = id
        self.moderatorId = moderatorId
        self.moderator = moderator
        self.action = action
        self.targetKind = targetKind
        self.targetId = targetId
        self.note = note
        self.createdAt = createdAt
    }
}

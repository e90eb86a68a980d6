import Foundation

/// One entry of the change log: a sticker changed, with who could see it before and after.
public struct StickerChange: Sendable, Hashable {
    public var seq: Int64
    public var stickerID: Sticker.ID
    /// Cell text forms the change concerns: where it is now and, if it moved, where it was.
    public var cells: [String]
    public var before: StickerAudience?
    public var after: StickerAudience?
    /// The sticker after the change (author's view); nil once deleted.
    public var sticker: Sticker?
    public var at: Date

    public init(
        seq: Int64, stickerID: Sticker.ID, cells: [String], before: StickerAudience?, after: StickerAudience?, sticker: Sticker?, at: Date
    ) {
        self.seq = seq
        self.stickerID = stickerID
        self.cells = cells
        self.before = before
        self.after = after
        self.sticker = sticker
        self.at = at
    }
}

/// What one viewer is told about a change.
public enum ChangeKind: String, Sendable, Codable {
    case created
    case updated
    case deleted
}

/// An entry of the log: a sticker change, or a change in someone's relations
/// (block, membership) after which their live view must be reloaded.
public enum LiveEvent: Sendable, Hashable {
    case sticker(StickerChange)
    case relation(seq: Int64, accountID: Account.ID)
    /// Something changed under a topic: its followers read it again.
    case topic(seq: Int64, LiveTopic)

    public var seq: Int64 {
        switch self {
        case .sticker(let c): c.seq
        case .relation(let seq, _): seq
        case .topic(let seq, _): seq
        }
    }
}

extension Viewer {
    /// Created if the viewer could not see the sticker before and can now, deleted if the
    /// reverse, updated if both; nil if neither — they never learn it exists.
    ///
    /// What it was before is judged as if its timer had not run out: a sticker that expired was on the
    /// screens of those who saw it until then, and its ending must reach them.
    public func kind(of change: StickerChange, now: Date) -> ChangeKind? {
        let before =
            change.before.map { audience in
                var unexpired = audience
                unexpired.expiresAt = nil
                return canSee(unexpired, now: now)
            } ?? false
        let after = change.after.map { canSee($0, now: now) } ?? false
        switch (before, after) {
        case (false, true): return .created
        case (true, true): return .updated
        case (true, false): return .deleted
        case (false, false): return nil
        }
    }
}

/// A name screens follow besides cells, for what is not a sticker in a place: a guided tour
/// group's questions and members (`tour-group:<id>`). Who may follow one is decided where it is named.
public struct LiveTopic: Sendable, Hashable {
    public var name: String

    public init(name: String) { self.name = name }

    public static func tourGroup(_ id: TourGroup.ID) -> LiveTopic { LiveTopic(name: "tour-group:\(id.text)") }

    /// The tour group a topic is about, if it is one.
    public var tourGroup: TourGroup.ID? {
        guard name.hasPrefix("tour-group:") else { return nil }
        return TourGroup.ID(String(name.dropFirst("tour-group:".count)))
    }
}

extension LiveTopic {
    /// The signed-in person's feed: stickers new to them from the people and tags they follow and
    /// the groups they are in.
    public static let feed = LiveTopic(name: "feed")
}

/// What a feed follows, read when its screen subscribes.
public struct FeedInterests: Sendable, Hashable {
    public var authors: Set<Account.ID>
    public var tags: Set<String>

    public init(authors: Set<Account.ID>, tags: Set<String>) {
        self.authors = authors
        self.tags = tags
    }

    /// Whether a change brings `viewer` a sticker for their feed (as `GET /v1/feed` would list it): one
    /// they could not see before and can now, someone else's, published, by a person or under a tag
    /// they follow or shared with a group of theirs.
    public func brings(_ change: StickerChange, to viewer: Viewer, now: Date) -> Bool {
        guard let sticker = change.sticker, sticker.state == .published, sticker.author.id != viewer.accountID,
            viewer.kind(of: change, now: now) == .created
        else { return false }
        return authors.contains(sticker.author.id) || !tags.isDisjoint(with: sticker.tags)
            || !sticker.groupIDs.isDisjoint(with: viewer.groups)
    }
}

extension LiveTopic {
    /// A person's inbox: a socket signed in as them may follow it, and hears each new notification.
    public static func inbox(_ account: Account.ID) -> LiveTopic { LiveTopic(name: "inbox:\(account.text)") }

    /// The account whose inbox a topic is, if it is one.
    public var inboxOwner: Account.ID? {
        guard name.hasPrefix("inbox:") else { return nil }
        return Account.ID(String(name.dropFirst("inbox:".count)))
    }
}

import Foundation

/// What the visibility rule needs to know about a sticker.
public struct StickerAudience: Sendable, Hashable, Codable {
    public var author: UUID
    public var state: StickerState
    public var visibility: Visibility
    /// The private worldmap it is on, if any.
    public var privateWorldmap: UUID?
    public var expiresAt: Date?
    /// Accounts a `shared` sticker is shared with.
    public var sharedWith: Set<UUID>

    public init(author: UUID, state: StickerState, visibility: Visibility, privateWorldmap: UUID?, expiresAt: Date?, sharedWith: Set<UUID>) {
        self.author = author
        self.state = state
        self.visibility = visibility
        self.privateWorldmap = privateWorldmap
        self.expiresAt = expiresAt
        self.sharedWith = sharedWith
    }
}

/// Who is looking, with the relations the rule depends on. Loaded once per request or
/// per live subscriber, then applied to every sticker on every path: the one rule.
public struct Viewer: Sendable, Hashable {
    /// Nil for someone not signed in.
    public var accountID: UUID?
    /// Private worldmaps the viewer owns or is a member of.
    public var worldmaps: Set<UUID>
    /// Accounts the viewer blocked or was blocked by.
    public var blocked: Set<UUID>

    public init(accountID: UUID?, worldmaps: Set<UUID> = [], blocked: Set<UUID> = []) {
        self.accountID = accountID
        self.worldmaps = worldmaps
        self.blocked = blocked
    }

    public static let anonymous = Viewer(accountID: nil)

    /// The rule: authors see their own living stickers in any state; everyone else sees
    /// only published, unexpired stickers meant for them, never across a block.
    ///
    /// On a private worldmap the audience is its members (a `private` sticker stays the
    /// author's own); in the public world it is everyone, the listed people, or the author.
    public func canSee(_ s: StickerAudience, now: Date = Date()) -> Bool {
        guard s.state != .deleted else { return false }
        if let expiry = s.expiresAt, expiry <= now { return false }
        if let me = accountID, me == s.author { return true }
        guard s.state == .published, !blocked.contains(s.author) else { return false }
        if let worldmap = s.privateWorldmap {
            return s.visibility != .private && worldmaps.contains(worldmap)
        }
        switch s.visibility {
        case .public: return true
        case .private: return false
        case .shared: return accountID.map(s.sharedWith.contains) ?? false
        }
    }
}

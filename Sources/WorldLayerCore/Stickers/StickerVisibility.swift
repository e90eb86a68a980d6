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
    /// Groups a `shared` sticker is shared with: their members at the time of reading see it.
    public var sharedGroups: Set<UUID>

    public init(
        author: UUID, state: StickerState, visibility: Visibility, privateWorldmap: UUID?, expiresAt: Date?, sharedWith: Set<UUID>,
        sharedGroups: Set<UUID> = []
    ) {
        self.author = author
        self.state = state
        self.visibility = visibility
        self.privateWorldmap = privateWorldmap
        self.expiresAt = expiresAt
        self.sharedWith = sharedWith
        self.sharedGroups = sharedGroups
    }

    private enum CodingKeys: String, CodingKey {
        case author, state, visibility, privateWorldmap, expiresAt, sharedWith, sharedGroups
    }

    /// Audiences logged before groups existed have none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            author: try c.decode(UUID.self, forKey: .author), state: try c.decode(StickerState.self, forKey: .state),
            visibility: try c.decode(Visibility.self, forKey: .visibility),
            privateWorldmap: try c.decodeIfPresent(UUID.self, forKey: .privateWorldmap),
            expiresAt: try c.decodeIfPresent(Date.self, forKey: .expiresAt), sharedWith: try c.decode(Set<UUID>.self, forKey: .sharedWith),
            sharedGroups: try c.decodeIfPresent(Set<UUID>.self, forKey: .sharedGroups) ?? [])
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
    /// Groups the viewer is a member of.
    public var groups: Set<UUID>

    public init(accountID: UUID?, worldmaps: Set<UUID> = [], blocked: Set<UUID> = [], groups: Set<UUID> = []) {
        self.accountID = accountID
        self.worldmaps = worldmaps
        self.blocked = blocked
        self.groups = groups
    }

    public static let anonymous = Viewer(accountID: nil)

    /// The rule: authors see their own living stickers in any state; everyone else sees
    /// only published, unexpired stickers meant for them, never across a block.
    ///
    /// On a private worldmap the audience is its members (a `private` sticker stays the
    /// author's own); in the public world it is everyone, the listed people and the members of
    /// the listed groups, or the author.
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
        case .shared: return (accountID.map(s.sharedWith.contains) ?? false) || !s.sharedGroups.isDisjoint(with: groups)
        }
    }
}

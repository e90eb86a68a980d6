import Foundation

/// What the visibility rule needs to know about a sticker.
public struct StickerAudience: Sendable, Hashable, Codable {
    public var author: Account.ID
    public var state: StickerState
    public var visibility: Visibility
    /// The private worldmap it is on, if any.
    public var privateWorldmap: Worldmap.ID?
    public var expiresAt: Date?
    /// Accounts a `shared` sticker is shared with.
    public var sharedWith: Set<Account.ID>
    /// Groups a `shared` sticker is shared with: their members at the time of reading see it.
    public var sharedGroups: Set<StickerGroup.ID>
    /// Carries the age-restricted warning: for adults only.
    public var ageRestricted: Bool

    public init(
        author: Account.ID, state: StickerState, visibility: Visibility, privateWorldmap: Worldmap.ID?, expiresAt: Date?,
        sharedWith: Set<Account.ID>,
        sharedGroups: Set<StickerGroup.ID> = [], ageRestricted: Bool = false
    ) {
        self.author = author
        self.state = state
        self.visibility = visibility
        self.privateWorldmap = privateWorldmap
        self.expiresAt = expiresAt
        self.sharedWith = sharedWith
        self.sharedGroups = sharedGroups
        self.ageRestricted = ageRestricted
    }

    private enum CodingKeys: String, CodingKey {
        case author, state, visibility, privateWorldmap, expiresAt, sharedWith, sharedGroups, ageRestricted
    }

    /// Audiences logged before groups (or content warnings) existed have none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            author: try c.decode(Account.ID.self, forKey: .author), state: try c.decode(StickerState.self, forKey: .state),
            visibility: try c.decode(Visibility.self, forKey: .visibility),
            privateWorldmap: try c.decodeIfPresent(Worldmap.ID.self, forKey: .privateWorldmap),
            expiresAt: try c.decodeIfPresent(Date.self, forKey: .expiresAt),
            sharedWith: try c.decode(Set<Account.ID>.self, forKey: .sharedWith),
            sharedGroups: try c.decodeIfPresent(Set<StickerGroup.ID>.self, forKey: .sharedGroups) ?? [],
            ageRestricted: try c.decodeIfPresent(Bool.self, forKey: .ageRestricted) ?? false)
    }

    /// Logged audiences stay as they were unless the sticker is age-restricted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(author, forKey: .author)
        try c.encode(state, forKey: .state)
        try c.encode(visibility, forKey: .visibility)
        try c.encodeIfPresent(privateWorldmap, forKey: .privateWorldmap)
        try c.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try c.encode(sharedWith, forKey: .sharedWith)
        try c.encode(sharedGroups, forKey: .sharedGroups)
        if ageRestricted { try c.encode(true, forKey: .ageRestricted) }
    }
}

/// Who is looking, with the relations the rule depends on. Loaded once per request or
/// per live subscriber, then applied to every sticker on every path: the one rule.
public struct Viewer: Sendable, Hashable {
    /// Nil for someone not signed in.
    public var accountID: Account.ID?
    /// Private worldmaps the viewer owns or is a member of.
    public var worldmaps: Set<Worldmap.ID>
    /// Accounts the viewer blocked or was blocked by.
    public var blocked: Set<Account.ID>
    /// Groups the viewer is a member of.
    public var groups: Set<StickerGroup.ID>
    /// Known to be 18 or over (from the account's birthday); never for someone not signed in.
    public var isAdult: Bool
    /// Accounts the viewer follows.
    public var following: Set<Account.ID>

    public init(
        accountID: Account.ID?, worldmaps: Set<Worldmap.ID> = [], blocked: Set<Account.ID> = [], groups: Set<StickerGroup.ID> = [],
        isAdult: Bool = false, following: Set<Account.ID> = []
    ) {
        self.accountID = accountID
        self.worldmaps = worldmaps
        self.blocked = blocked
        self.groups = groups
        self.isAdult = isAdult
        self.following = following
    }

    public static let anonymous = Viewer(accountID: nil)

    /// The rule: authors see their own living stickers in any state; everyone else sees
    /// only published, unexpired stickers meant for them, never across a block, and an
    /// age-restricted one only when they are known to be adults.
    ///
    /// On a private worldmap the audience is its members (a `private` sticker stays the
    /// author's own); in the public world it is everyone, the listed people and the members of
    /// the listed groups, the author's followers, or the author.
    ///
    /// The SQL form of this rule (`NearbyVisibleStatement.visibleRule`) switches over the same
    /// `Visibility` cases, so a new audience cannot be added to one without the other.
    public func canSee(_ s: StickerAudience, now: Date = Date()) -> Bool {
        guard s.state != .deleted else { return false }
        if let expiry = s.expiresAt, expiry <= now { return false }
        if let me = accountID, me == s.author { return true }
        guard s.state == .published, !blocked.contains(s.author), isAdult || !s.ageRestricted else { return false }
        if let worldmap = s.privateWorldmap {
            return s.visibility != .private && worldmaps.contains(worldmap)
        }
        switch s.visibility {
        case .public: return true
        case .private: return false
        case .shared: return (accountID.map(s.sharedWith.contains) ?? false) || !s.sharedGroups.isDisjoint(with: groups)
        case .followers: return following.contains(s.author)
        }
    }
}

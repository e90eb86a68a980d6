import Foundation

/// A group people join to share stickers with each other. It lives while it has a member.
///
/// An open group is joined by anyone who finds it, so what is shared with it is shared with whoever
/// joins. A private group is seen and joined only by its members and those they invite.
public struct StickerGroup: Codable, Sendable, Equatable {
    public typealias ID = TypedID<StickerGroup>

    public var id: ID
    public var name: String
    public var members: Int
    /// Whether the asker is a member.
    public var member: Bool
    public var isPrivate: Bool
    /// Whether the asker has been invited (and may join).
    public var invited: Bool
    public var createdAt: Date

    public init(id: ID, name: String, members: Int, member: Bool, isPrivate: Bool = false, invited: Bool = false, createdAt: Date) {
        self.id = id
        self.name = name
        self.members = members
        self.member = member
        self.isPrivate = isPrivate
        self.invited = invited
        self.createdAt = createdAt
    }

    public static let nameMaximumLength = 80
}

import Foundation

/// A group people join to share stickers with each other. It lives while it has a member.
public struct StickerGroup: Codable, Sendable, Equatable {
    @LowercaseUUID public var id: UUID
    public var name: String
    public var members: Int
    /// Whether the asker is a member.
    public var member: Bool
    public var createdAt: Date

    public init(id: UUID, name: String, members: Int, member: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.members = members
        self.member = member
        self.createdAt = createdAt
    }

    public static let nameMaximumLength = 80
}

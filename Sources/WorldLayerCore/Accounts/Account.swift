import Foundation

/// What an account may do beyond its own content.
public enum AccountRole: String, Sendable, Codable, CaseIterable {
    case user
    case moderator
    case admin
}

/// A person's account, without its secrets.
public struct Account: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<Account>

    public var id: ID
    /// As typed at sign-up; unique ignoring case.
    public var username: String
    public var email: String
    public var displayName: String
    /// ISO 8601 calendar date, `YYYY-MM-DD`.
    public var birthday: String
    public var role: AccountRole
    public var createdAt: Date
    /// The language its e-mails are written in; nil is English. Chosen at sign-up and in Settings.
    public var language: Language?

    public init(
        id: ID, username: String, email: String, displayName: String, birthday: String, role: AccountRole, createdAt: Date,
        language: Language? = nil
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.displayName = displayName
        self.birthday = birthday
        self.role = role
        self.createdAt = createdAt
        self.language = language
    }
}

import Foundation

/// What a notification is about. Each kind can be kept out of the inbox or out of pushes on its own.
public enum NotificationKind: String, Codable, Sendable, CaseIterable {
    /// A new sticker near my home under a tag or by a person I follow.
    case sticker
    /// Someone started following me.
    case follower
    /// Someone asks to follow my private account.
    case followRequest = "follow_request"
    /// A private account I asked to follow approved me.
    case followApproved = "follow_approved"
    /// A guide answered the question I asked on a guided tour.
    case answer
    /// A moderator decided on a sticker I reported.
    case report
    /// A moderator approved or rejected a design I submitted.
    case design
}

/// One entry of a person's inbox.
public struct InboxNotification: Codable, Sendable, Equatable, Identifiable {
    public typealias ID = TypedID<InboxNotification>

    public var id: ID
    public var kind: NotificationKind
    /// Who did it (the follower, the sticker's author), as the recipient sees them.
    public var actor: PersonCard?
    /// What it is about: a sticker's id, a template's id, a tour group's id.
    public var subject: String?
    /// A short text of the subject: the sticker's first words, the guide's answer, the decision.
    public var detail: String?
    public var createdAt: Date
    public var readAt: Date?

    public init(
        id: ID, kind: NotificationKind, actor: PersonCard?, subject: String?, detail: String?, createdAt: Date, readAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.subject = subject
        self.detail = detail
        self.createdAt = createdAt
        self.readAt = readAt
    }
}

/// What a store writes to notify someone, in the transaction of the change that caused it.
public struct NotificationDraft: Sendable, Equatable {
    public var recipient: Account.ID
    public var kind: NotificationKind
    public var actor: Account.ID?
    public var subject: String?
    public var detail: String?

    public init(recipient: Account.ID, kind: NotificationKind, actor: Account.ID? = nil, subject: String? = nil, detail: String? = nil) {
        self.recipient = recipient
        self.kind = kind
        self.actor = actor
        self.subject = subject
        self.detail = detail
    }

    /// Details are a preview, not a copy: a notification carries at most this many characters of one.
    public static let detailLength = 140

    /// `text` cut to a preview's length at a word where it can be.
    public static func preview(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > detailLength else { return flat }
        let cut = flat.prefix(detailLength - 1)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord + "…"
    }
}

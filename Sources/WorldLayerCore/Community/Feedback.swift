import Foundation

/// What someone wrote from the app's feedback form (the seeds' Support screen): read by admins in
/// the app and with `worldlayer feedback`, marked done once handled.
public struct Feedback: Codable, Sendable, Equatable {
    public typealias ID = TypedID<Feedback>

    public enum Topic: String, Codable, Sendable, CaseIterable {
        case problem, idea, question, other
    }

    public enum Status: String, Codable, Sendable, CaseIterable {
        case new, done
    }

    public var id: ID
    /// Nil when sent signed out.
    public var accountId: Account.ID?
    /// The sender's username, for signed-in senders.
    public var username: String?
    public var topic: Topic
    public var message: String
    /// Where to answer, when the sender wants an answer.
    public var email: String?
    /// The screen it was sent from (`#/map`…), which often explains a problem.
    public var screen: String?
    public var status: Status
    public var createdAt: Date

    public init(
        id: ID, accountId: Account.ID?, username: String?, topic: Topic, message: String, email: String?, screen: String?, status: Status,
        createdAt: Date
    ) {
        self.id = id
        self.accountId = accountId
        self.username = username
        self.topic = topic
        self.message = message
        self.email = email
        self.screen = screen
        self.status = status
        self.createdAt = createdAt
    }
}

/// A message as sent; its id is the client's, so a retry is not stored twice.
public struct FeedbackDraft: Codable, Sendable, Equatable, Validatable {
    public var id: Feedback.ID
    public var topic: Feedback.Topic
    public var message: String
    public var email: String?
    public var screen: String?

    public init(id: Feedback.ID, topic: Feedback.Topic, message: String, email: String? = nil, screen: String? = nil) {
        self.id = id
        self.topic = topic
        self.message = message
        self.email = email
        self.screen = screen
    }

    public static let messageMaximumLength = 4_000
    public static let screenMaximumLength = 200

    /// Its text trimmed, and an empty email or screen as none.
    public var normalized: FeedbackDraft {
        var d = self
        d.message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        d.email = email?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        d.screen = screen?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        return d
    }

    public func problems() -> [FieldError] {
        var p: [FieldError] = []
        let message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if message.isEmpty || message.count > Self.messageMaximumLength {
            p.append(FieldError("message", "must be 1–4,000 characters"))
        }
        if let email = email?.trimmingCharacters(in: .whitespaces).nilIfEmpty, let problem = AccountRules.validateEmail(email) {
            p.append(problem)
        }
        if let screen, screen.count > Self.screenMaximumLength { p.append(FieldError("screen", "must be at most 200 characters")) }
        return p
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

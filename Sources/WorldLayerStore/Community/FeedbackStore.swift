import Foundation
import SQLKit
import WorldLayerCore

public enum FeedbackOutcome: Sendable, Equatable {
    case stored(Feedback, created: Bool)
    /// The id is another message's (a client must make a new one).
    case idTaken
}

/// Feedback from the app's support form, for admins to read and mark done.
public struct FeedbackStore: StoreAggregate {
    let store: Store
}

extension FeedbackStore {
    /// Stores a message once: sending the same draft again (a retry after a lost answer) returns the stored one.
    public func send(_ draft: FeedbackDraft, from sender: Account?, now: Date? = nil) async throws -> FeedbackOutcome {
        let now = date(millis: millis(now ?? clock.now()))
        return try await Store.creatingOnce {
            try await transaction { db in
                if let stored = try await Self.feedback(id: draft.id, on: db) {
                    let same = stored.accountId == sender?.id && stored.topic == draft.topic && stored.message == draft.message
                    return same ? .stored(stored, created: false) : .idTaken
                }
                try await db.raw(
                    """
                    INSERT INTO feedback (id, account_id, topic, message, email, screen, status, created_at)
                    VALUES (\(bind: draft.id.text), \(bind: sender?.id.text), \(bind: draft.topic.rawValue), \(bind: draft.message),
                            \(bind: draft.email), \(bind: draft.screen), 'new', \(bind: millis(now)))
                    """
                ).run()
                let stored = Feedback(
                    id: draft.id, accountId: sender?.id, username: sender?.username, topic: draft.topic, message: draft.message,
                    email: draft.email, screen: draft.screen, status: .new, createdAt: now)
                return .stored(stored, created: true)
            }
        }
    }

    static let columns = """
        f.id, f.account_id, a.username, f.topic, f.message, f.email, f.screen, f.status, f.created_at
        FROM feedback f LEFT JOIN accounts a ON a.id = f.account_id
        """

    static func feedback(from row: any SQLRow) throws -> Feedback {
        Feedback(
            id: try row.decodeID(column: "id"),
            accountId: try row.decode(column: "account_id", as: String?.self).flatMap(Account.ID.init),
            username: try row.decode(column: "username", as: String?.self),
            topic: Feedback.Topic(rawValue: try row.decode(column: "topic", as: String.self)) ?? .other,
            message: try row.decode(column: "message", as: String.self),
            email: try row.decode(column: "email", as: String?.self),
            screen: try row.decode(column: "screen", as: String?.self),
            status: Feedback.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .new,
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    static func feedback(id: Feedback.ID, on db: any SQLDatabase) async throws -> Feedback? {
        try await db.raw("SELECT \(unsafeRaw: columns) WHERE f.id = \(bind: id.text)").first().map(feedback(from:))
    }

    /// Messages, newest first: those not yet handled, or all of them.
    public func list(includingDone: Bool = false, limit: Int = 200) async throws -> [Feedback] {
        try await withConnection { db in
            let which: SQLQueryString = includingDone ? "" : "WHERE f.status = 'new'"
            return try await db.raw(
                "SELECT \(unsafeRaw: Self.columns) \(which) ORDER BY f.created_at DESC, f.id LIMIT \(unsafeRaw: String(limit))"
            ).all().map(Self.feedback(from:))
        }
    }

    /// Marks a message handled (or not); nil when there is no such message.
    public func mark(_ id: Feedback.ID, _ status: Feedback.Status) async throws -> Feedback? {
        try await transaction { db in
            try await db.raw("UPDATE feedback SET status = \(bind: status.rawValue) WHERE id = \(bind: id.text)").run()
            return try await Self.feedback(id: id, on: db)
        }
    }
}

import Crypto
import Foundation
import SQLKit
import WorldLayerCore

public enum Redemption: Sendable, Equatable {
    case joined(TourParticipant)
    /// The key was right but has been used.
    case used
    /// The key was right but its group has expired.
    case expired
    case unknown
}

public enum GroupDeletion: Sendable, Equatable {
    case deleted
    case notFound
    /// Questions arrived since the last export; the guide must export them first.
    case unexported(Int)
}

/// Why a guided-tour write was refused.
public enum GuidedTourError: Error, Sendable, Equatable {
    /// One of the new group's passkeys is already in use on this tour: make new ones.
    case passkeyTaken
    /// Another participant has this id.
    case participantIdTaken
    /// A question with this id exists (a retry, or someone else's id).
    case questionIdTaken
}

/// Guided groups on a tour: passkeys, participants, questions.
public struct GuidedTourStore: StoreAggregate {
    let store: Store
}

extension GuidedTourStore {
    /// What is stored of a passkey: a hash bound to its tour, so the same text means nothing elsewhere.
    static func passkeyHash(tourID: Tour.ID, key: String) -> String {
        SHA256.hash(data: Data("passkey:\(tourID.text):\(key)".utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Creates a group with these (normalized) passkeys; only their hashes are kept.
    /// Throws ``GuidedTourError/passkeyTaken`` on a duplicate key, which a caller answers by making new keys.
    public func createGroup(tourID: Tour.ID, guideID: Account.ID, name: String, expiresAt: Date, keys: [String], now: Date? = nil)
        async throws
        -> TourGroup
    {
        let now = now ?? clock.now()
        let id = TourGroup.ID()
        try await refusingDuplicates(as: .passkeyTaken) {
            try await transaction { db in
                try await db.raw(
                    """
                    INSERT INTO tour_groups (id, tour_id, guide_id, name, expires_at, created_at)
                    VALUES (\(bind: id.text), \(bind: tourID.text), \(bind: guideID.text), \(bind: name), \(bind: millis(expiresAt)), \(bind: millis(now)))
                    """
                ).run()
                for key in keys {
                    try await db.raw(
                        "INSERT INTO tour_passkeys (key_hash, group_id) VALUES (\(bind: Self.passkeyHash(tourID: tourID, key: key)), \(bind: id.text))"
                    ).run()
                }
            }
        }
        return try await group(id: id)!
    }

    private static let groupColumns: SQLQueryString = """
        SELECT g.id, g.tour_id, g.guide_id, g.name, g.expires_at, g.exported_at, g.created_at,
               (SELECT COUNT(*) FROM tour_passkeys k WHERE k.group_id = g.id) AS passkeys,
               (SELECT COUNT(*) FROM tour_passkeys k WHERE k.group_id = g.id AND k.redeemed_at IS NOT NULL) AS redeemed
        FROM tour_groups g
        """

    private static func group(from row: any SQLRow) throws -> TourGroup {
        TourGroup(
            id: try row.decodeID(column: "id"),
            tourId: try row.decodeID(column: "tour_id"),
            guideId: try row.decodeID(column: "guide_id"),
            name: try row.decode(column: "name", as: String.self),
            expiresAt: date(millis: try row.decode(column: "expires_at", as: Int64.self)),
            passkeys: Int(try row.decode(column: "passkeys", as: Int64.self)),
            redeemed: Int(try row.decode(column: "redeemed", as: Int64.self)),
            exportedAt: try row.decode(column: "exported_at", as: Int64?.self).map { date(millis: $0) },
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    public func group(id: TourGroup.ID) async throws -> TourGroup? {
        try await withConnection { db in
            try await db.raw("\(Self.groupColumns) WHERE g.id = \(bind: id.text)").first().map(Self.group(from:))
        }
    }

    public func groups(tourID: Tour.ID) async throws -> [TourGroup] {
        try await withConnection { db in
            try await db.raw("\(Self.groupColumns) WHERE g.tour_id = \(bind: tourID.text) ORDER BY g.created_at, g.id").all().map(
                Self.group(from:))
        }
    }

    /// Redeems a passkey once: the first caller becomes a participant holding `tokenHash`; everyone after is told it is used —
    /// except the same client retrying with the same `participantID` (its answer was lost), which gets a new token.
    public func redeem(
        tourID: Tour.ID, key: String, participantID: TourParticipant.ID, displayName: String?, tokenHash: String,
        account: Account.ID? = nil,
        now: Date? = nil
    )
        async throws
        -> Redemption
    {
        let now = now ?? clock.now()
        return try await refusingDuplicates(as: .participantIdTaken) {
            try await transaction { db in
                let hash = Self.passkeyHash(tourID: tourID, key: key)
                guard
                    let row = try await db.raw(
                        """
                        SELECT k.redeemed_at, k.participant_id, g.id AS group_id, g.expires_at FROM tour_passkeys k JOIN tour_groups g ON g.id = k.group_id
                        WHERE k.key_hash = \(bind: hash) AND g.tour_id = \(bind: tourID.text)
                        """
                    ).first()
                else { return .unknown }
                let groupID = try row.decode(column: "group_id", as: String.self)
                let participant = TourParticipant(
                    id: participantID, groupId: TourGroup.ID(groupID)!, tourId: tourID, displayName: displayName)
                if try row.decode(column: "redeemed_at", as: Int64?.self) != nil {
                    guard try row.decode(column: "participant_id", as: String?.self) == participantID.text else { return .used }
                    try await db.raw("UPDATE tour_participants SET token_hash = \(bind: tokenHash) WHERE id = \(bind: participantID.text)")
                        .run()
                    return .joined(participant)
                }
                if try row.decode(column: "expires_at", as: Int64.self) <= millis(now) { return .expired }
                // The condition makes a racing second redemption (on another server) change nothing.
                let claimed = try await db.raw(
                    """
                    UPDATE tour_passkeys SET redeemed_at = \(bind: millis(now)), participant_id = \(bind: participant.id.text)
                    WHERE key_hash = \(bind: hash) AND redeemed_at IS NULL RETURNING key_hash
                    """
                ).all()
                guard !claimed.isEmpty else { return .used }
                try await db.raw(
                    """
                    INSERT INTO tour_participants (id, group_id, token_hash, display_name, account_id, created_at)
                    VALUES (\(bind: participant.id.text), \(bind: groupID), \(bind: tokenHash), \(bind: displayName), \(bind: account?.text),
                            \(bind: millis(now)))
                    """
                ).run()
                // The guide's screen counts who has joined.
                try await ChangeLog.appendTopicEvent(.tourGroup(participant.groupId), on: db, engine: engine, now: now)
                return .joined(participant)
            }
        }
    }

    /// Runs a write, answering the database's uniqueness refusal with `refusal`.
    private func refusingDuplicates<R: Sendable>(as refusal: GuidedTourError, _ write: () async throws -> R) async throws -> R {
        do {
            return try await write()
        } catch  where Store.isUniqueViolation(error) {
            throw refusal
        }
    }

    /// The participant holding a token, with their group's tour.
    /// The participant a token belongs to while its group lasts; nil once the group has expired.
    public func participant(tokenHash: String, now: Date? = nil) async throws -> TourParticipant? {
        let now = now ?? clock.now()
        return try await withConnection { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT p.id, p.group_id, p.display_name, g.tour_id FROM tour_participants p JOIN tour_groups g ON g.id = p.group_id
                    WHERE p.token_hash = \(bind: tokenHash) AND g.expires_at > \(bind: millis(now))
                    """
                ).first()
            else { return nil }
            return TourParticipant(
                id: try row.decodeID(column: "id"),
                groupId: try row.decodeID(column: "group_id"),
                tourId: try row.decodeID(column: "tour_id"),
                displayName: try row.decode(column: "display_name", as: String?.self))
        }
    }

    // MARK: Questions

    /// Throws ``GuidedTourError/questionIdTaken`` when the id is in use.
    public func addQuestion(_ question: TourQuestion) async throws {
        try await refusingDuplicates(as: .questionIdTaken) {
            try await transaction { db in
                try await db.raw(
                    """
                    INSERT INTO tour_questions (id, group_id, participant_id, text, email, created_at, language)
                    VALUES (\(bind: question.id.text), \(bind: question.groupId.text), \(bind: question.participantId.text), \(bind: question.text),
                            \(bind: question.email), \(bind: millis(question.createdAt)), \(bind: question.language))
                    """
                ).run()
                try await ChangeLog.appendTopicEvent(.tourGroup(question.groupId), on: db, engine: engine, now: clock.now())
            }
        }
    }

    /// A group's questions, oldest first; only one participant's when `participantID` is given.
    public func questions(groupID: TourGroup.ID, participantID: TourParticipant.ID? = nil) async throws -> [TourQuestion] {
        try await withConnection { db in
            let only: SQLQueryString = participantID.map { "AND q.participant_id = \(bind: $0.text)" } ?? ""
            return try await db.raw(
                """
                SELECT q.id, q.participant_id, q.text, q.email, q.answer, q.answered_at, q.created_at, q.language, p.display_name
                FROM tour_questions q JOIN tour_participants p ON p.id = q.participant_id
                WHERE q.group_id = \(bind: groupID.text) \(only) ORDER BY q.created_at, q.id
                """
            ).all().map { row in
                TourQuestion(
                    id: try row.decodeID(column: "id"), groupId: groupID,
                    participantId: try row.decodeID(column: "participant_id"),
                    participantName: try row.decode(column: "display_name", as: String?.self),
                    text: try row.decode(column: "text", as: String.self), email: try row.decode(column: "email", as: String?.self),
                    answer: try row.decode(column: "answer", as: String?.self),
                    answeredAt: try row.decode(column: "answered_at", as: Int64?.self).map { date(millis: $0) },
                    createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)),
                    language: try row.decode(column: "language", as: String?.self))
            }
        }
    }

    /// Sets the answer; false when the question is not in the group.
    public func answer(questionID: TourQuestion.ID, groupID: TourGroup.ID, text: String, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            let found = try await db.raw(
                """
                UPDATE tour_questions SET answer = \(bind: text), answered_at = \(bind: millis(now))
                WHERE id = \(bind: questionID.text) AND group_id = \(bind: groupID.text) RETURNING participant_id
                """
            ).all()
            // A participant who joined signed in finds the answer in their inbox too.
            if let participant = try found.first?.decode(column: "participant_id", as: String.self),
                let account = try await db.raw("SELECT account_id FROM tour_participants WHERE id = \(bind: participant)").first()?
                    .decode(column: "account_id", as: String?.self).flatMap(Account.ID.init)
            {
                try await NotificationStore.notify(
                    NotificationDraft(recipient: account, kind: .answer, subject: groupID.text, detail: text), on: db, engine: engine,
                    now: now)
            }
            if !found.isEmpty { try await ChangeLog.appendTopicEvent(.tourGroup(groupID), on: db, engine: engine, now: now) }
            return !found.isEmpty
        }
    }

    public func markExported(groupID: TourGroup.ID, at now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw("UPDATE tour_groups SET exported_at = \(bind: millis(now)) WHERE id = \(bind: groupID.text)").run()
        }
    }

    /// Deletes a group with its passkeys, participants, their progress and questions — unless questions
    /// arrived after the last export (the guide would lose them).
    public func deleteGroup(id: TourGroup.ID) async throws -> GroupDeletion {
        try await transaction { db in
            guard let row = try await db.raw("SELECT exported_at FROM tour_groups WHERE id = \(bind: id.text)").first() else {
                return .notFound
            }
            let exported = try row.decode(column: "exported_at", as: Int64?.self) ?? Int64.min
            let unexported =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM tour_questions WHERE group_id = \(bind: id.text) AND created_at > \(bind: exported)"
                ).first()?.decode(column: "n", as: Int64.self) ?? 0
            guard unexported == 0 else { return .unexported(Int(unexported)) }
            let participants = try await db.raw("SELECT id FROM tour_participants WHERE group_id = \(bind: id.text)").all()
                .map { try $0.decode(column: "id", as: String.self) }
            try await TourStore.deleteProgress(of: participants, on: db)
            try await db.raw("DELETE FROM tour_groups WHERE id = \(bind: id.text)").run()
            return .deleted
        }
    }
}

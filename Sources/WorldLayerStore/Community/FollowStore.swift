import Foundation
import SQLKit
import WorldLayerCore

public enum FollowOutcome: Sendable, Equatable {
    case following
    /// The account is private: the follow waits for its owner's approval.
    case requested
    /// No such account, or one hidden from the asker by a block (the same answer, so a block does not show).
    case notFound
}

extension CommunityStore {
    // MARK: People

    /// `follower` follows the account named `username`, or asks to when it is private. Following
    /// (or asking) twice is the same as once.
    public func follow(username: String, by follower: Account.ID, now: Date? = nil) async throws -> FollowOutcome {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT id, private_account FROM accounts WHERE username_key = \(bind: AccountRules.key(username))"
                ).first(), let id = Account.ID(try row.decode(column: "id", as: String.self)), id != follower
            else { return .notFound }
            if try await Self.blocked(follower, id, on: db) { return .notFound }
            if try await Self.follows(follower, id, on: db) { return .following }
            if try row.decode(column: "private_account", as: Int.self) != 0 {
                if try await db.raw(
                    "SELECT 1 AS x FROM follow_requests WHERE requester_id = \(bind: follower.text) AND account_id = \(bind: id.text)"
                ).first() == nil {
                    try await db.raw(
                        "INSERT INTO follow_requests (requester_id, account_id, created_at) VALUES (\(bind: follower.text), \(bind: id.text), \(bind: millis(now)))"
                    ).run()
                    try await NotificationStore.notify(
                        NotificationDraft(recipient: id, kind: .followRequest, actor: follower), on: db, engine: engine, now: now)
                }
                return .requested
            }
            try await startFollowing(follower, id, on: db, now: now)
            try await NotificationStore.notify(
                NotificationDraft(recipient: id, kind: .follower, actor: follower), on: db, engine: engine, now: now)
            return .following
        }
    }

    private static func follows(_ follower: Account.ID, _ followee: Account.ID, on db: any SQLDatabase) async throws -> Bool {
        try await db.raw("SELECT 1 AS x FROM follows WHERE follower_id = \(bind: follower.text) AND followee_id = \(bind: followee.text)")
            .first() != nil
    }

    private func startFollowing(_ follower: Account.ID, _ followee: Account.ID, on db: any SQLDatabase, now: Date) async throws {
        try await db.raw(
            "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(bind: follower.text), \(bind: followee.text), \(bind: millis(now)))"
        ).run()
        // The follower may now see the followee's followers-only stickers: their live views reload.
        try await store.changes.appendRelationEvents(for: [follower], on: db, now: now)
    }

    /// Who asks to follow `account`, oldest first, as it sees them.
    public func followRequests(to account: Account.ID) async throws -> [PersonCard] {
        try await withConnection { db in
            let ids = try await db.raw(
                "SELECT requester_id FROM follow_requests WHERE account_id = \(bind: account.text) ORDER BY created_at, requester_id"
            ).all().map { try $0.decodeID(column: "requester_id") as Account.ID }
            return try await Self.cards(ids, viewer: account, on: db)
        }
    }

    /// Approves or declines the request of the account named `requester`; false when there is none.
    public func answerFollowRequest(from requester: String, to account: Account.ID, approve: Bool, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    """
                    DELETE FROM follow_requests WHERE account_id = \(bind: account.text)
                      AND requester_id = (SELECT id FROM accounts WHERE username_key = \(bind: AccountRules.key(requester)))
                    RETURNING requester_id
                    """
                ).first()
            else { return false }
            let follower: Account.ID = try row.decodeID(column: "requester_id")
            try await NotificationStore.withdraw(kind: .followRequest, recipient: account, actor: follower, on: db)
            guard approve else { return true }
            if try await !Self.follows(follower, account, on: db) { try await startFollowing(follower, account, on: db, now: now) }
            try await NotificationStore.notify(
                NotificationDraft(recipient: follower, kind: .followApproved, actor: account), on: db, engine: engine, now: now)
            return true
        }
    }

    /// Ends someone's following of `account` (its owner removes a follower); false when they did not.
    public func removeFollower(_ username: String, of account: Account.ID, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    """
                    DELETE FROM follows WHERE followee_id = \(bind: account.text)
                      AND follower_id = (SELECT id FROM accounts WHERE username_key = \(bind: AccountRules.key(username)))
                    RETURNING follower_id
                    """
                ).first()
            else { return false }
            try await store.changes.appendRelationEvents(for: [try row.decodeID(column: "follower_id")], on: db, now: now)
            return true
        }
    }

    /// Stops following, or withdraws a request to; false when there is no such account.
    public func unfollow(username: String, by follower: Account.ID, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let row = try await db.raw("SELECT id FROM accounts WHERE username_key = \(bind: AccountRules.key(username))").first()
            else { return false }
            let id = try row.decode(column: "id", as: String.self)
            let asked = try await db.raw(
                "DELETE FROM follow_requests WHERE requester_id = \(bind: follower.text) AND account_id = \(bind: id) RETURNING account_id"
            ).all()
            if !asked.isEmpty, let account = Account.ID(id) {
                try await NotificationStore.withdraw(kind: .followRequest, recipient: account, actor: follower, on: db)
            }
            let ended = try await db.raw(
                "DELETE FROM follows WHERE follower_id = \(bind: follower.text) AND followee_id = \(bind: id) RETURNING followee_id"
            ).all()
            if !ended.isEmpty { try await store.changes.appendRelationEvents(for: [follower], on: db, now: now) }
            return true
        }
    }

    /// Whether either has blocked the other.
    static func blocked(_ a: Account.ID, _ b: Account.ID, on db: any SQLDatabase) async throws -> Bool {
        try await db.raw(
            """
            SELECT 1 AS x FROM blocks WHERE (blocker_id = \(bind: a.text) AND blocked_id = \(bind: b.text))
               OR (blocker_id = \(bind: b.text) AND blocked_id = \(bind: a.text))
            """
        ).first() != nil
    }

    /// Removes follows and follow requests both ways between two accounts (a block ends them).
    static func unfollowBothWays(_ a: Account.ID, _ b: Account.ID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM follows WHERE (follower_id = \(bind: a.text) AND followee_id = \(bind: b.text))
               OR (follower_id = \(bind: b.text) AND followee_id = \(bind: a.text))
            """
        ).run()
        try await db.raw(
            """
            DELETE FROM follow_requests WHERE (requester_id = \(bind: a.text) AND account_id = \(bind: b.text))
               OR (requester_id = \(bind: b.text) AND account_id = \(bind: a.text))
            """
        ).run()
    }

    /// Who follows `account` (`followers`) or whom it follows, as `viewer` sees them: nobody across a block.
    public func followList(of account: Account.ID, followers: Bool, viewer: Account.ID?) async throws -> [PersonCard] {
        try await withConnection { db in
            let join: SQLQueryString =
                followers
                ? "f.follower_id = a.id WHERE f.followee_id = \(bind: account.text)"
                : "f.followee_id = a.id WHERE f.follower_id = \(bind: account.text)"
            let rows = try await db.raw("SELECT a.id FROM follows f JOIN accounts a ON \(join) ORDER BY f.created_at, a.id").all()
            let ids = try rows.compactMap { Account.ID(try $0.decode(column: "id", as: String.self)) }
            return try await Self.cards(ids, viewer: viewer, on: db)
        }
    }

    /// People as `viewer` sees them, in the given order, leaving out anyone across a block.
    public func people(_ ids: [Account.ID], viewer: Account.ID?) async throws -> [PersonCard] {
        try await withConnection { db in try await Self.cards(ids, viewer: viewer, on: db) }
    }

    static func cards(_ ids: [Account.ID], viewer: Account.ID?, on db: any SQLDatabase) async throws -> [PersonCard] {
        guard !ids.isEmpty else { return [] }
        let me = viewer?.text ?? "-"
        let rows = try await db.raw(
            """
            SELECT a.id, a.username, a.display_name, a.private_account,
              EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = \(bind: me) AND f.followee_id = a.id) AS following,
              EXISTS (SELECT 1 FROM follow_requests r WHERE r.requester_id = \(bind: me) AND r.account_id = a.id) AS requested,
              EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = \(bind: me) AND b.blocked_id = a.id) OR (b.blocker_id = a.id AND b.blocked_id = \(bind: me))) AS blocked
            FROM accounts a WHERE a.id IN (\(SQLList(ids.map { SQLBind($0.text) })))
            """
        ).all()
        var byID: [Account.ID: PersonCard] = [:]
        for row in rows where try !row.decode(column: "blocked", as: Bool.self) {
            let id: Account.ID = try row.decodeID(column: "id")
            byID[id] = PersonCard(
                id: id, username: try row.decode(column: "username", as: String.self),
                displayName: try row.decode(column: "display_name", as: String.self),
                following: try row.decode(column: "following", as: Bool.self),
                acceptsFollows: try row.decode(column: "private_account", as: Int.self) == 0,
                requested: try row.decode(column: "requested", as: Bool.self))
        }
        return ids.compactMap { byID[$0] }
    }

    public func setPrivateAccount(_ isPrivate: Bool, accountID: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                "UPDATE accounts SET private_account = \(bind: isPrivate ? 1 : 0), updated_at = \(bind: millis(now)) WHERE id = \(bind: accountID.text)"
            ).run()
            // Going private keeps the followers one has (each can be removed); new ones must ask.
            // Going public lets everyone who asked in.
            guard !isPrivate else { return }
            let askers = try await db.raw(
                "DELETE FROM follow_requests WHERE account_id = \(bind: accountID.text) RETURNING requester_id"
            ).all().map { try $0.decodeID(column: "requester_id") as Account.ID }
            for asker in askers {
                try await NotificationStore.withdraw(kind: .followRequest, recipient: accountID, actor: asker, on: db)
                if try await !Self.follows(asker, accountID, on: db) { try await startFollowing(asker, accountID, on: db, now: now) }
                try await NotificationStore.notify(
                    NotificationDraft(recipient: asker, kind: .followApproved, actor: accountID), on: db, engine: engine, now: now)
            }
        }
    }

    public func isPrivateAccount(_ accountID: Account.ID) async throws -> Bool {
        try await withConnection { db in
            try await db.raw("SELECT private_account FROM accounts WHERE id = \(bind: accountID.text)").first()?.decode(
                column: "private_account", as: Int.self) == 1
        }
    }

    // MARK: Tags

    public func followTag(_ tag: String, by account: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            if try await db.raw("SELECT 1 AS x FROM tag_follows WHERE account_id = \(bind: account.text) AND tag = \(bind: tag)").first()
                == nil
            {
                try await db.raw(
                    "INSERT INTO tag_follows (account_id, tag, created_at) VALUES (\(bind: account.text), \(bind: tag), \(bind: millis(now)))"
                ).run()
            }
        }
    }

    public func unfollowTag(_ tag: String, by account: Account.ID) async throws {
        try await transaction { db in
            try await db.raw("DELETE FROM tag_follows WHERE account_id = \(bind: account.text) AND tag = \(bind: tag)").run()
        }
    }

    public func followedTags(of account: Account.ID) async throws -> [String] {
        try await withConnection { db in
            try await db.raw("SELECT tag FROM tag_follows WHERE account_id = \(bind: account.text) ORDER BY tag").all().map {
                try $0.decode(column: "tag", as: String.self)
            }
        }
    }
}

extension CommunityStore {
    /// Whom and what an account's feed follows: the people and the tags (groups come with its viewer).
    public func feedInterests(of account: Account.ID) async throws -> FeedInterests {
        try await withConnection { db in
            let authors = try await db.raw("SELECT followee_id FROM follows WHERE follower_id = \(bind: account.text)").all()
                .compactMap { Account.ID(try $0.decode(column: "followee_id", as: String.self)) }
            let tags = try await db.raw("SELECT tag FROM tag_follows WHERE account_id = \(bind: account.text)").all()
                .map { try $0.decode(column: "tag", as: String.self) }
            return FeedInterests(authors: Set(authors), tags: Set(tags))
        }
    }
}

import Foundation
import SQLKit
import WorldLayerCore

public enum FollowOutcome: Sendable, Equatable {
    case following
    /// The account is private: it cannot be followed.
    case refused
    /// No such account, or one hidden from the asker by a block (the same answer, so a block does not show).
    case notFound
}

extension CommunityStore {
    // MARK: People

    /// `follower` follows the account named `username`. Following twice is the same as once.
    public func follow(username: String, by follower: Account.ID, now: Date? = nil) async throws -> FollowOutcome {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT id, private_account FROM accounts WHERE username_key = \(bind: AccountRules.key(username))"
                ).first(), let id = Account.ID(try row.decode(column: "id", as: String.self)), id != follower
            else { return .notFound }
            if try await Self.blocked(follower, id, on: db) { return .notFound }
            if try row.decode(column: "private_account", as: Int.self) != 0 { return .refused }
            if try await db.raw("SELECT 1 AS x FROM follows WHERE follower_id = \(bind: follower.text) AND followee_id = \(bind: id.text)")
                .first() == nil
            {
                try await db.raw(
                    "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(bind: follower.text), \(bind: id.text), \(bind: millis(now)))"
                ).run()
                // The follower may now see the followee's followers-only stickers: their live views reload.
                try await store.changes.appendRelationEvents(for: [follower], on: db, now: now)
            }
            return .following
        }
    }

    /// Stops following; false when there is no such account.
    public func unfollow(username: String, by follower: Account.ID, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let row = try await db.raw("SELECT id FROM accounts WHERE username_key = \(bind: AccountRules.key(username))").first()
            else { return false }
            let id = try row.decode(column: "id", as: String.self)
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

    /// Removes follows both ways between two accounts (a block ends them).
    static func unfollowBothWays(_ a: Account.ID, _ b: Account.ID, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM follows WHERE (follower_id = \(bind: a.text) AND followee_id = \(bind: b.text))
               OR (follower_id = \(bind: b.text) AND followee_id = \(bind: a.text))
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
                acceptsFollows: try row.decode(column: "private_account", as: Int.self) == 0)
        }
        return ids.compactMap { byID[$0] }
    }

    public func setPrivateAccount(_ isPrivate: Bool, accountID: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                "UPDATE accounts SET private_account = \(bind: isPrivate ? 1 : 0), updated_at = \(bind: millis(now)) WHERE id = \(bind: accountID.text)"
            ).run()
            // Going private ends being followed: a private account's stickers reach nobody through follows.
            guard isPrivate else { return }
            let followers = try await db.raw("DELETE FROM follows WHERE followee_id = \(bind: accountID.text) RETURNING follower_id").all()
                .map { try $0.decodeID(column: "follower_id") as Account.ID }
            try await store.changes.appendRelationEvents(for: followers, on: db, now: now)
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

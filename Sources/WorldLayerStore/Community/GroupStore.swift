import Foundation
import SQLKit
import WorldLayerCore

/// Sticker groups: membership and invitations.
public struct GroupStore: StoreAggregate {
    let store: Store
}

extension GroupStore {
    /// Creates a group with its creator as the first member.
    public func create(name: String, creator: Account.ID, isPrivate: Bool = false, now: Date? = nil) async throws -> StickerGroup {
        let now = now ?? clock.now()
        let id = StickerGroup.ID()
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO social_groups (id, name, name_key, is_private, created_at)
                VALUES (\(bind: id.text), \(bind: name), \(bind: CommunityStore.searchKey(name)), \(bind: isPrivate ? 1 : 0), \(bind: millis(now)))
                """
            ).run()
            try await self.addMember(creator, to: id, on: db, now: now)
        }
        return try await group(id: id, viewer: creator)!
    }

    private func addMember(_ account: Account.ID, to group: StickerGroup.ID, on db: any SQLDatabase, now: Date) async throws {
        try await db.raw(
            "INSERT INTO group_members (group_id, account_id, joined_at) VALUES (\(bind: group.text), \(bind: account.text), \(bind: millis(now)))"
        ).run()
        // Who may see what changed for this account: its live subscriptions reload their audience.
        try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
    }

    /// Joins a group (twice is once), a private one only with an invitation (which it uses up);
    /// false when there is no such group, or a private one the account was not invited to.
    public func join(_ group: StickerGroup.ID, account: Account.ID, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            // Joins and leaves of one group run one after the other: a retried join is not a second
            // membership, and a join cannot slip in while the last member's leave ends the group.
            try await self.lock(.group, id: group, on: db)
            guard let row = try await db.raw("SELECT is_private FROM social_groups WHERE id = \(bind: group.text)").first() else {
                return false
            }
            if try await db.raw(
                "SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
            ).first() != nil {
                return true
            }
            if try row.decode(column: "is_private", as: Int.self) != 0 {
                guard
                    try await db.raw(
                        "SELECT 1 AS x FROM group_invitations WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
                    )
                    .first() != nil
                else { return false }
                try await db.raw(
                    "DELETE FROM group_invitations WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
                ).run()
            }
            try await self.addMember(account, to: group, on: db, now: now)
            return true
        }
    }

    /// What became of an invitation.
    public enum InvitationOutcome: Sendable, Equatable {
        case invited
        case alreadyMember
        /// No such group, or the inviter is not in it.
        case noSuchGroup
        /// No such person, or one who blocked or was blocked by the inviter.
        case noSuchPerson
    }

    /// A member invites someone to a group (twice is once).
    public func invite(username: String, to group: StickerGroup.ID, by inviter: Account.ID, now: Date? = nil) async throws
        -> InvitationOutcome
    {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                try await db.raw(
                    "SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: inviter.text)"
                ).first()
                    != nil
            else { return .noSuchGroup }
            guard
                let row = try await db.raw(
                    """
                    SELECT a.id FROM accounts a WHERE a.username_key = \(bind: AccountRules.key(username))
                      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = a.id AND b.blocked_id = \(bind: inviter.text))
                                                           OR (b.blocker_id = \(bind: inviter.text) AND b.blocked_id = a.id))
                    """
                ).first(),
                let invitee = StickerGroup.ID(try row.decode(column: "id", as: String.self))
            else { return .noSuchPerson }
            if try await db.raw(
                "SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: invitee.text)"
            ).first() != nil {
                return .alreadyMember
            }
            try await db.raw(
                """
                INSERT INTO group_invitations (group_id, account_id, invited_by, created_at)
                VALUES (\(bind: group.text), \(bind: invitee.text), \(bind: inviter.text), \(bind: millis(now)))
                ON CONFLICT DO NOTHING
                """
            ).run()
            return .invited
        }
    }

    /// The groups an account has been invited to and not yet joined, newest invitation first.
    /// Declines an invitation to a group; false when there was none. Invited again, one may still join.
    public func decline(_ group: StickerGroup.ID, by account: Account.ID) async throws -> Bool {
        try await transaction { db in
            let found =
                try await db.raw(
                    "SELECT 1 AS x FROM group_invitations WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
                ).first() != nil
            if found {
                try await db.raw(
                    "DELETE FROM group_invitations WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
                ).run()
            }
            return found
        }
    }

    public func invitations(of account: Account.ID) async throws -> [StickerGroup] {
        try await withConnection { db in
            try await db.raw(
                """
                \(unsafeRaw: Self.groupSelect) \(Self.viewerFlags(account)) FROM social_groups g
                JOIN group_invitations i ON i.group_id = g.id AND i.account_id = \(bind: account.text) ORDER BY i.created_at DESC, g.id
                """
            ).all().map(Self.group(from:))
        }
    }

    /// Leaves a group; the last member leaving ends it (and its shares). False when not a member.
    public func leave(_ group: StickerGroup.ID, account: Account.ID, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in
            try await self.lock(.group, id: group, on: db)  // see joinGroup
            guard
                try await db.raw(
                    "SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)"
                ).first() != nil
            else { return false }
            try await db.raw("DELETE FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)").run()
            try await Self.deleteEmptyGroups(on: db)
            try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
            return true
        }
    }

    static func deleteEmptyGroups(on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM social_groups WHERE id NOT IN (SELECT group_id FROM group_members)").run()
    }

    private static let groupSelect = """
        SELECT g.id, g.name, g.is_private, g.created_at, (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.id) AS members,
        """

    static func group(from row: any SQLRow) throws -> StickerGroup {
        StickerGroup(
            id: try row.decodeID(column: "id"), name: try row.decode(column: "name", as: String.self),
            members: Int(try row.decode(column: "members", as: Int64.self)), member: try row.decode(column: "member", as: Bool.self),
            isPrivate: try row.decode(column: "is_private", as: Int.self) != 0, invited: try row.decode(column: "invited", as: Bool.self),
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    /// Whether the viewer is a member, and whether invited, as columns `member` and `invited`.
    private static func viewerFlags(_ viewer: Account.ID?) -> SQLQueryString {
        let me = viewer?.text ?? "-"
        return """
            EXISTS (SELECT 1 FROM group_members x WHERE x.group_id = g.id AND x.account_id = \(bind: me)) AS member,
            EXISTS (SELECT 1 FROM group_invitations y WHERE y.group_id = g.id AND y.account_id = \(bind: me)) AS invited
            """
    }

    /// A group as the viewer may see it: an open one to anyone, a private one only to its members and invitees.
    public func group(id: StickerGroup.ID, viewer: Account.ID?) async throws -> StickerGroup? {
        let group = try await withConnection { db in
            try await db.raw(
                "\(unsafeRaw: Self.groupSelect) \(Self.viewerFlags(viewer)) FROM social_groups g WHERE g.id = \(bind: id.text)"
            ).first()
                .map(Self.group(from:))
        }
        guard let group, !group.isPrivate || group.member || group.invited else { return nil }
        return group
    }

    /// The groups an account is in, by name.
    public func list(of account: Account.ID) async throws -> [StickerGroup] {
        try await withConnection { db in
            try await db.raw(
                """
                \(unsafeRaw: Self.groupSelect) \(Self.viewerFlags(account)) FROM social_groups g
                WHERE g.id IN (SELECT group_id FROM group_members WHERE account_id = \(bind: account.text)) ORDER BY g.name_key, g.id
                """
            ).all().map(Self.group(from:))
        }
    }

    /// Groups whose name starts with `prefix` (case- and accent-insensitive), largest first; private
    /// ones only to their members.
    public func search(_ prefix: String, viewer: Account.ID?, limit: Int) async throws -> [StickerGroup] {
        let key = CommunityStore.searchKey(prefix)
        guard !key.isEmpty else { return [] }
        return try await withConnection { db in
            try await db.raw(
                """
                \(unsafeRaw: Self.groupSelect) \(Self.viewerFlags(viewer)) FROM social_groups g
                WHERE g.name_key >= \(bind: key) AND g.name_key < \(bind: key + "\u{10FFFF}")
                  AND (g.is_private = 0 OR EXISTS (SELECT 1 FROM group_members z WHERE z.group_id = g.id AND z.account_id = \(bind: viewer?.text ?? "-")))
                ORDER BY members DESC, g.name_key LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map(Self.group(from:))
        }
    }
}

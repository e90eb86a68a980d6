import Foundation
import SQLKit
import WorldLayerCore

extension Store {
    /// Creates a group with its creator as the first member.
    public func createGroup(name: String, creator: UUID, now: Date = Date()) async throws -> StickerGroup {
        let id = UUID()
        try await transaction { db in
            try await db.raw(
                "INSERT INTO social_groups (id, name, name_key, created_at) VALUES (\(bind: id.text), \(bind: name), \(bind: Store.searchKey(name)), \(bind: millis(now)))"
            ).run()
            try await self.addMember(creator, to: id, on: db, now: now)
        }
        return try await group(id: id, viewer: creator)!
    }

    private func addMember(_ account: UUID, to group: UUID, on db: any SQLDatabase, now: Date) async throws {
        try await db.raw(
            "INSERT INTO group_members (group_id, account_id, joined_at) VALUES (\(bind: group.text), \(bind: account.text), \(bind: millis(now)))"
        ).run()
        // Who may see what changed for this account: its live subscriptions reload their audience.
        try await appendRelationEvents(for: [account], on: db, now: now)
    }

    /// Joins a group (twice is once); false when there is no such group.
    public func joinGroup(_ group: UUID, account: UUID, now: Date = Date()) async throws -> Bool {
        try await transaction { db in
            // Joins and leaves of one group run one after the other: a retried join is not a second
            // membership, and a join cannot slip in while the last member's leave ends the group.
            try await self.lock(.group, id: group, on: db)
            guard try await db.raw("SELECT id FROM social_groups WHERE id = \(bind: group.text)").first() != nil else { return false }
            if try await db.raw("SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)").first() == nil {
                try await self.addMember(account, to: group, on: db, now: now)
            }
            return true
        }
    }

    /// Leaves a group; the last member leaving ends it (and its shares). False when not a member.
    public func leaveGroup(_ group: UUID, account: UUID, now: Date = Date()) async throws -> Bool {
        try await transaction { db in
            try await self.lock(.group, id: group, on: db)  // see joinGroup
            guard try await db.raw("SELECT 1 AS x FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)").first() != nil
            else { return false }
            try await db.raw("DELETE FROM group_members WHERE group_id = \(bind: group.text) AND account_id = \(bind: account.text)").run()
            try await Store.deleteEmptyGroups(on: db)
            try await self.appendRelationEvents(for: [account], on: db, now: now)
            return true
        }
    }

    static func deleteEmptyGroups(on db: any SQLDatabase) async throws {
        try await db.raw("DELETE FROM social_groups WHERE id NOT IN (SELECT group_id FROM group_members)").run()
    }

    private static let groupSelect = """
        SELECT g.id, g.name, g.created_at, (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.id) AS members,
        """

    private static func group(from row: any SQLRow) throws -> StickerGroup {
        StickerGroup(
            id: UUID(uuidString: try row.decode(column: "id", as: String.self))!, name: try row.decode(column: "name", as: String.self),
            members: Int(try row.decode(column: "members", as: Int64.self)), member: try row.decode(column: "member", as: Bool.self),
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    private static func isMember(_ viewer: UUID?) -> SQLQueryString {
        "EXISTS (SELECT 1 FROM group_members x WHERE x.group_id = g.id AND x.account_id = \(bind: viewer?.text ?? "-")) AS member"
    }

    public func group(id: UUID, viewer: UUID?) async throws -> StickerGroup? {
        try await withConnection { db in
            try await db.raw("\(unsafeRaw: Store.groupSelect) \(Store.isMember(viewer)) FROM social_groups g WHERE g.id = \(bind: id.text)").first()
                .map(Store.group(from:))
        }
    }

    /// The groups an account is in, by name.
    public func groups(of account: UUID) async throws -> [StickerGroup] {
        try await withConnection { db in
            try await db.raw(
                """
                \(unsafeRaw: Store.groupSelect) \(Store.isMember(account)) FROM social_groups g
                WHERE g.id IN (SELECT group_id FROM group_members WHERE account_id = \(bind: account.text)) ORDER BY g.name_key, g.id
                """
            ).all().map(Store.group(from:))
        }
    }

    /// Groups whose name starts with `prefix` (case- and accent-insensitive), largest first.
    public func searchGroups(_ prefix: String, viewer: UUID?, limit: Int) async throws -> [StickerGroup] {
        let key = Store.searchKey(prefix)
        guard !key.isEmpty else { return [] }
        return try await withConnection { db in
            try await db.raw(
                """
                \(unsafeRaw: Store.groupSelect) \(Store.isMember(viewer)) FROM social_groups g
                WHERE g.name_key >= \(bind: key) AND g.name_key < \(bind: key + "\u{10FFFF}") ORDER BY members DESC, g.name_key LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map(Store.group(from:))
        }
    }
}

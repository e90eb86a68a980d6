import Foundation
import PostgresKit
import SQLKit
import WorldLayerCore

extension AccountStore {
    /// `blocker` blocks `blocked`: from now on neither sees the other's stickers, profile or follows,
    /// and follows and group invitations between them end both ways. Live subscribers of both are told to reload.
    /// Blocking twice is the same as once.
    public func block(_ blocked: Account.ID, by blocker: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            let exists =
                try await db.raw(
                    "SELECT 1 AS x FROM blocks WHERE blocker_id = \(bind: blocker.text) AND blocked_id = \(bind: blocked.text)"
                ).first() != nil
            guard !exists else { return }
            try await CommunityStore.unfollowBothWays(blocker, blocked, on: db)
            // Invitations between them go too, either way: a blocked person's invitation must not stay in the inbox.
            try await db.raw(
                """
                DELETE FROM group_invitations
                WHERE (invited_by = \(bind: blocker.text) AND account_id = \(bind: blocked.text))
                   OR (invited_by = \(bind: blocked.text) AND account_id = \(bind: blocker.text))
                """
            ).run()
            try await db.raw(
                "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (\(bind: blocker.text), \(bind: blocked.text), \(bind: millis(now)))"
            ).run()
            try await store.changes.appendRelationEvents(for: [blocker, blocked], on: db, now: now)
        }
    }

    public func unblock(_ blocked: Account.ID, by blocker: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw("DELETE FROM blocks WHERE blocker_id = \(bind: blocker.text) AND blocked_id = \(bind: blocked.text)").run()
            try await store.changes.appendRelationEvents(for: [blocker, blocked], on: db, now: now)
        }
    }

    /// Usernames `blocker` has blocked.
    public func blockedUsernames(by blocker: Account.ID) async throws -> [String] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT a.username FROM blocks b JOIN accounts a ON a.id = b.blocked_id
                WHERE b.blocker_id = \(bind: blocker.text) ORDER BY a.username_key
                """
            ).all().map { try $0.decode(column: "username", as: String.self) }
        }
    }

    /// Everything the visibility rule needs to know about who is looking.
    public func viewer(_ accountID: Account.ID?) async throws -> Viewer {
        guard let id = accountID else { return .anonymous }
        return try await withConnection(native: { db, native in
            // On PostgreSQL, prepared once per connection: it runs for every request that shows stickers.
            guard let postgres = native.postgres else { return try await Self.viewer(id, on: db, now: clock.now()) }
            var relations: [(kind: String, other: String)] = []
            for try await row in try await postgres.execute(ViewerStatement(account: id.text), logger: postgres.logger) {
                relations.append(row)
            }
            return Self.viewer(id, relations: relations, now: clock.now())
        })
    }

    /// One round trip: a viewer is read for every request that shows stickers.
    static func viewer(_ id: Account.ID, on db: any SQLDatabase, now: Date) async throws -> Viewer {
        // The statement's text with the account bound wherever it names it.
        let parts = ViewerStatement.relations(of: "\u{1}", typed: db.dialect.name == "postgresql").split(
            separator: "\u{1}", omittingEmptySubsequences: false)
        var query: SQLQueryString = ""
        for (n, part) in parts.enumerated() {
            if n > 0 { query.appendInterpolation(bind: id.text) }
            query.appendLiteral(String(part))
        }
        let rows = try await db.raw(query).all()
        return viewer(
            id,
            relations: try rows.map { (try $0.decode(column: "kind", as: String.self), try $0.decode(column: "other", as: String.self)) },
            now: now)
    }

    /// A viewer from its relations (``ViewerStatement/relations(of:typed:)``): `w` worldmap memberships,
    /// `b` blocks either way, `g` groups, `f` accounts followed, `a` the birthday (an adult on `now`'s date or not).
    static func viewer(_ id: Account.ID, relations: [(kind: String, other: String)], now: Date) -> Viewer {
        var worldmaps = Set<Worldmap.ID>(), blocked = Set<Account.ID>(), groups = Set<StickerGroup.ID>(), following = Set<Account.ID>()
        var isAdult = false
        for (kind, text) in relations {
            if kind == "a" {
                isAdult = Viewer.isAdult(birthday: text, now: now)
                continue
            }
            guard let other = UUID(storedText: text) else { continue }
            switch kind {
            case "w": worldmaps.insert(Worldmap.ID(other))
            case "b": blocked.insert(Account.ID(other))
            case "f": following.insert(Account.ID(other))
            default: groups.insert(StickerGroup.ID(other))
            }
        }
        return Viewer(accountID: id, worldmaps: worldmaps, blocked: blocked, groups: groups, isAdult: isAdult, following: following)
    }
}

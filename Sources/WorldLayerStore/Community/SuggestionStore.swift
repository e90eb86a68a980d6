import Foundation
import SQLKit
import WorldLayerCore

extension CommunityStore {
    /// Adds views of stickers (by others than their authors) to today's counts, in one transaction.
    public func recordViews(_ counts: [Sticker.ID: Int], now: Date? = nil) async throws {
        let now = now ?? clock.now()
        let day = millis(now) / 86_400_000
        try await transaction { db in
            for (id, n) in counts {
                // A sticker purged since it was viewed has no row to count against.
                guard try await db.raw("SELECT id FROM stickers WHERE id = \(bind: id.text)").first() != nil else { continue }
                try await db.raw(
                    """
                    INSERT INTO sticker_views (sticker_id, day, views) VALUES (\(bind: id.text), \(bind: day), \(bind: n))
                    ON CONFLICT (sticker_id, day) DO UPDATE SET views = sticker_views.views + \(bind: n)
                    """
                ).run()
            }
        }
    }

    /// Tags on the most public stickers placed since `since` (not on age-restricted ones: their tags may be for adults).
    public func popularTags(since: Date, viewer: Account.ID?, limit: Int) async throws -> [TagCard] {
        let now = clock.now()
        return try await withConnection { db in
            try await Self.tagCards(where: "s.created_at >= \(bind: millis(since))", viewer: viewer, now: now, limit: limit, on: db)
        }
    }

    /// The largest groups the viewer is not in.
    public func popularGroups(viewer: Account.ID?, limit: Int) async throws -> [StickerGroup] {
        let mine = Set(try await viewer.asyncMap { try await store.groups.list(of: $0).map(\.id) } ?? [])
        return try await withConnection { db in
            try await db.raw(
                """
                SELECT g.id, g.name, g.created_at, COUNT(m.account_id) AS members, 0 AS member
                FROM social_groups g JOIN group_members m ON m.group_id = g.id
                WHERE g.is_private = 0
                GROUP BY g.id, g.name, g.name_key, g.created_at ORDER BY members DESC, g.name_key LIMIT \(unsafeRaw: String(limit + mine.count))
                """
            ).all().map {
                StickerGroup(
                    id: try $0.decodeID(column: "id"),
                    name: try $0.decode(column: "name", as: String.self),
                    members: Int(try $0.decode(column: "members", as: Int64.self)), member: false,
                    createdAt: date(millis: try $0.decode(column: "created_at", as: Int64.self)))
            }
            .filter { !mine.contains($0.id) }.prefix(limit).map { $0 }
        }
    }

    /// How popular each sticker is: views since `since`, and how many follow its author.
    public func popularity(of ids: [Sticker.ID], since: Date) async throws -> [Sticker.ID: (views: Int, followers: Int)] {
        guard !ids.isEmpty else { return [:] }
        let day = millis(since) / 86_400_000
        return try await withConnection { db in
            let rows = try await db.raw(
                """
                SELECT s.id,
                  (SELECT COALESCE(SUM(v.views), 0) FROM sticker_views v WHERE v.sticker_id = s.id AND v.day >= \(bind: day)) AS views,
                  (SELECT COUNT(*) FROM follows f WHERE f.followee_id = s.author_id) AS followers
                FROM stickers s WHERE s.id IN (\(SQLList(ids.map { SQLBind($0.text) })))
                """
            ).all()
            var result: [Sticker.ID: (Int, Int)] = [:]
            for row in rows {
                guard let id = Sticker.ID(try row.decode(column: "id", as: String.self)) else { continue }
                result[id] = (
                    Int(try row.decode(column: "views", as: Int64.self)), Int(try row.decode(column: "followers", as: Int64.self))
                )
            }
            return result
        }
    }
}

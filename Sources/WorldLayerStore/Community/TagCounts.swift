import Foundation
import SQLKit
import WorldLayerCore

extension CommunityStore {
    /// Tags on the stickers anyone may see and this viewer may too — published, public, on a public
    /// worldmap, not for adults only, not expired, and no block between the viewer and the author
    /// either way — that also meet `condition`; most used first. Tag search and suggestions share it.
    static func tagCards(
        where condition: SQLQueryString, viewer: Account.ID?, now: Date, limit: Int, on db: any SQLDatabase
    ) async throws -> [TagCard] {
        let me = viewer?.text ?? "-"
        return try await db.raw(
            """
            SELECT t.tag, COUNT(*) AS n, EXISTS (SELECT 1 FROM tag_follows f WHERE f.account_id = \(bind: me) AND f.tag = t.tag) AS following
            FROM sticker_tags t JOIN stickers s ON s.id = t.sticker_id
            WHERE s.state = 'published' AND s.visibility = 'public' AND s.private_worldmap_id IS NULL AND s.age_restricted = 0
              AND (s.expires_at IS NULL OR s.expires_at > \(bind: millis(now)))
              AND NOT EXISTS (
                SELECT 1 FROM blocks b
                WHERE (b.blocker_id = \(bind: me) AND b.blocked_id = s.author_id) OR (b.blocker_id = s.author_id AND b.blocked_id = \(bind: me)))
              AND \(condition)
            GROUP BY t.tag ORDER BY n DESC, t.tag LIMIT \(unsafeRaw: String(limit))
            """
        ).all().map {
            TagCard(
                tag: try $0.decode(column: "tag", as: String.self), stickers: Int(try $0.decode(column: "n", as: Int64.self)),
                following: try $0.decode(column: "following", as: Bool.self))
        }
    }
}

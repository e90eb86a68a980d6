import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// A place in the feed: before this sticker (newest first). Opaque to clients.
public struct FeedCursor: Sendable, Equatable {
    public var createdAt: Int64
    public var id: String

    public init(createdAt: Int64, id: String) {
        self.createdAt = createdAt
        self.id = id
    }

    public var text: String { "\(createdAt)_\(id)" }

    public init?(text: String) {
        let parts = text.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, let t = Int64(parts[0]), UUID(uuidString: String(parts[1])) != nil else { return nil }
        self.init(createdAt: t, id: String(parts[1]).lowercased())
    }
}

public struct FeedItem: Sendable {
    public var sticker: Sticker
    public var reason: FeedReason
}

/// Follows, the feed, search, suggestions and weekly digests.
public struct CommunityStore: StoreAggregate {
    let store: Store
}

extension CommunityStore {
    /// Stickers from the people and tags `viewer` follows and shared to the groups they are in, newest first, a page at a time.
    ///
    /// Keyset pagination on (created time, id): a page starts strictly before the cursor, so
    /// stickers placed meanwhile never shift or repeat what the next page holds. Everything passes
    /// the one visibility rule; a private account's stickers come only when shared with the viewer.
    public func feed(viewer: Viewer, before cursor: FeedCursor?, limit: Int, now: Date? = nil) async throws -> (
        items: [FeedItem], next: FeedCursor?
    ) {
        let now = now ?? clock.now()
        guard let me = viewer.accountID?.text else { return ([], nil) }
        return try await withConnection { db in
            var items: [FeedItem] = []
            var position = cursor
            // Rows the rule drops are skipped; read in batches until the page is full or the feed ends.
            while items.count < limit {
                let batch = max(limit * 2, 20)
                let before: SQLQueryString =
                    position.map {
                        "AND (s.created_at < \(bind: $0.createdAt) OR (s.created_at = \(bind: $0.createdAt) AND s.id < \(bind: $0.id)))"
                    } ?? ""
                let rows = try await db.raw(
                    """
                    SELECT s.id, s.created_at, s.body, \(NearbySearch.audienceColumns), a.private_account,
                      CASE WHEN s.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(bind: me)) THEN 'person'
                           WHEN s.id IN (SELECT t.sticker_id FROM sticker_tags t JOIN tag_follows f ON f.tag = t.tag WHERE f.account_id = \(bind: me)) THEN 'tag'
                           ELSE 'group' END AS reason,
                      CASE WHEN s.visibility = 'shared' AND (\(NearbySearch.sharedWithMe(me, on: engine)))
                           THEN 1 ELSE 0 END AS shared_with_me
                    FROM stickers s JOIN accounts a ON a.id = s.author_id
                    WHERE s.state = 'published' AND s.author_id <> \(bind: me) \(before)
                      AND (s.author_id IN (SELECT followee_id FROM follows WHERE follower_id = \(bind: me))
                           OR s.id IN (SELECT t.sticker_id FROM sticker_tags t JOIN tag_follows f ON f.tag = t.tag WHERE f.account_id = \(bind: me))
                           OR s.id IN (SELECT g.sticker_id FROM sticker_group_shares g JOIN group_members m ON m.group_id = g.group_id WHERE m.account_id = \(bind: me)))
                    ORDER BY s.created_at DESC, s.id DESC
                    LIMIT \(unsafeRaw: String(batch))
                    """
                ).all()
                for row in rows {
                    let id = try row.decode(column: "id", as: String.self)
                    position = FeedCursor(createdAt: try row.decode(column: "created_at", as: Int64.self), id: id)
                    guard let sticker = try Self.visibleSticker(row, viewer: viewer, now: now) else { continue }
                    items.append(
                        FeedItem(
                            sticker: sticker,
                            reason: FeedReason(rawValue: try row.decode(column: "reason", as: String.self)) ?? .tag))
                    if items.count == limit { break }
                }
                if rows.count < batch { return (items, items.count == limit ? position : nil) }
            }
            return (items, position)
        }
    }

    /// The sticker in a row of the feed's columns as `viewer` may see it, or nil: the one visibility
    /// rule, and a private account's stickers only for the followers it approved, or when shared
    /// with the viewer (or their own).
    static func visibleSticker(_ row: any SQLRow, viewer: Viewer, now: Date) throws -> Sticker? {
        let audience = try NearbySearch.audience(from: row, viewer: viewer)
        let shared = !audience.sharedWith.isEmpty
        let privateAuthor = try row.decode(column: "private_account", as: Int.self) != 0
        let own = audience.author == viewer.accountID
        let approved = viewer.following.contains(audience.author)
        guard viewer.canSee(audience, now: now), !privateAuthor || shared || own || approved else { return nil }
        return try StoreJSON.sticker(try row.decode(column: "body", as: String.self)).seen(by: viewer.accountID)
    }

    /// Someone's published stickers that `viewer` may see, newest first (a profile page).
    public func stickers(of author: Account.ID, viewer: Viewer, limit: Int, now: Date? = nil) async throws -> [Sticker] {
        let now = now ?? clock.now()
        let me = viewer.accountID?.text ?? "-"
        return try await withConnection { db in
            let rows = try await db.raw(
                """
                SELECT s.id, s.created_at, s.body, \(NearbySearch.audienceColumns), a.private_account,
                  CASE WHEN s.visibility = 'shared' AND (\(NearbySearch.sharedWithMe(me, on: engine))) THEN 1 ELSE 0 END AS shared_with_me
                FROM stickers s JOIN accounts a ON a.id = s.author_id
                WHERE s.state = 'published' AND s.author_id = \(bind: author.text)
                ORDER BY s.created_at DESC, s.id DESC
                LIMIT \(unsafeRaw: String(limit * 4))
                """
            ).all()
            return Array(try rows.compactMap { try Self.visibleSticker($0, viewer: viewer, now: now) }.prefix(limit))
        }
    }

    // MARK: Discovery

    /// People whose username or display name starts with `prefix` (case- and accent-insensitive), as `viewer` sees them.
    public func searchPeople(_ prefix: String, viewer: Account.ID?, limit: Int) async throws -> [PersonCard] {
        let key = Self.searchKey(prefix)
        guard !key.isEmpty else { return [] }
        return try await withConnection { db in
            // Display names are folded in Swift (SQL's lower() knows no accents); usernames are ASCII keys already.
            let rows = try await db.raw("SELECT id, username_key, display_name FROM accounts ORDER BY username_key").all()
            var matches: [Account.ID] = []
            for row in rows {
                let username = try row.decode(column: "username_key", as: String.self)
                let display = Self.searchKey(try row.decode(column: "display_name", as: String.self))
                guard
                    username.hasPrefix(key) || display.hasPrefix(key)
                        || display.split(separator: " ").contains(where: { $0.hasPrefix(key) })
                else { continue }
                if let id = Account.ID(try row.decode(column: "id", as: String.self)), id != viewer { matches.append(id) }
            }
            return Array(try await Self.cards(matches, viewer: viewer, on: db).prefix(limit))
        }
    }

    /// Tags starting with `prefix`, most used first.
    public func searchTags(_ prefix: String, viewer: Account.ID?, limit: Int) async throws -> [TagCard] {
        let key = Tag.normalize(prefix)
        guard !key.isEmpty else { return [] }
        let now = clock.now()
        return try await withConnection { db in
            try await Self.tagCards(
                where: "t.tag >= \(bind: key) AND t.tag < \(bind: key + "\u{10FFFF}")", viewer: viewer, now: now, limit: limit, on: db)
        }
    }

    /// Lower case without accents: what "prefix, case- and accent-insensitive" compares.
    static func searchKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased().trimmingCharacters(
            in: .whitespaces)
    }
}

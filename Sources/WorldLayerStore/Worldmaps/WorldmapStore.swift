import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

func cellText(_ raw: Int64) -> String { CellID(rawValue: UInt64(bitPattern: raw))?.description ?? "" }
func cellRaw(_ text: String) -> Int64? { CellID(text).map { Int64(bitPattern: $0.rawValue) } }

/// Public and private worldmaps, their members and assets.
public struct WorldmapStore: StoreAggregate {
    let store: Store
}

extension WorldmapStore {
    static let worldmapColumns = "id, is_private, cell, name, owner_id, created_at"

    static func worldmap(from row: any SQLRow) throws -> Worldmap {
        Worldmap(
            id: try row.decodeID(column: "id"),
            isPrivate: try row.decode(column: "is_private", as: Int.self) != 0,
            cell: cellText(try row.decode(column: "cell", as: Int64.self)), name: try row.decode(column: "name", as: String.self),
            ownerId: try row.decode(column: "owner_id", as: String?.self).flatMap(Account.ID.init),
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    static func worldmap(id: Worldmap.ID, on db: any SQLDatabase) async throws -> Worldmap? {
        try await db.raw("SELECT \(unsafeRaw: worldmapColumns) FROM worldmaps WHERE id = \(bind: id.text)").first().map(worldmap(from:))
    }

    public func worldmap(id: Worldmap.ID) async throws -> Worldmap? {
        try await withConnection { db in try await Self.worldmap(id: id, on: db) }
    }

    /// The public worldmap of a cell, once a public sticker has been placed there or a device map
    /// uploaded. A draft also makes the row (its sticker needs one), but must not tell anyone that
    /// somebody is writing something here, nor when.
    public func publicWorldmap(cell: CellID) async throws -> Worldmap? {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.worldmapColumns) FROM worldmaps w WHERE w.cell = \(bind: Int64(bitPattern: cell.rawValue)) AND w.is_private = 0
                  AND (EXISTS (SELECT 1 FROM stickers s WHERE s.worldmap_id = w.id AND s.state = 'published' AND s.visibility = 'public')
                       OR EXISTS (SELECT 1 FROM worldmap_assets a WHERE a.worldmap_id = w.id))
                """
            ).first().map(Self.worldmap(from:))
        }
    }

    /// Whether `author` has a published sticker on the worldmap (has been there and put something up).
    public func hasPublishedSticker(author: Account.ID, worldmap: Worldmap.ID) async throws -> Bool {
        try await withConnection { db in
            try await db.raw(
                "SELECT 1 AS x FROM stickers WHERE worldmap_id = \(bind: worldmap.text) AND author_id = \(bind: author.text) AND state = 'published' LIMIT 1"
            ).first() != nil
        }
    }

    /// The public worldmap of a cell, made now if this is the cell's first sticker.
    static func publicWorldmap(cell: CellID, on db: any SQLDatabase, now: Date) async throws -> Worldmap {
        let raw = Int64(bitPattern: cell.rawValue)
        let select = "SELECT \(worldmapColumns) FROM worldmaps WHERE cell = \(raw) AND is_private = 0"
        if let row = try await db.raw(SQLQueryString(select)).first() { return try worldmap(from: row) }
        try await db.raw(
            """
            INSERT INTO worldmaps (id, is_private, cell, name, created_at)
            VALUES (\(bind: UUID().text), 0, \(bind: raw), \(bind: "Public \(cell)"), \(bind: millis(now)))
            ON CONFLICT DO NOTHING
            """
        ).run()
        return try worldmap(from: try await db.raw(SQLQueryString(select)).first()!)
    }

    /// Makes a private worldmap owned (and joined) by `owner`; the same id again returns it.
    public func createPrivate(id: Worldmap.ID, name: String, cell: CellID, owner: Account.ID, now: Date? = nil) async throws -> (
        Worldmap, created: Bool
    ) {
        let now = now ?? clock.now()
        return try await Store.creatingOnce {
            try await self.attemptCreatePrivateWorldmap(id: id, name: name, cell: cell, owner: owner, now: now)
        }
    }

    private func attemptCreatePrivateWorldmap(id: Worldmap.ID, name: String, cell: CellID, owner: Account.ID, now: Date) async throws -> (
        Worldmap, created: Bool
    ) {
        try await transaction { db in
            if let existing = try await Self.worldmap(id: id, on: db) {
                guard existing.ownerId == owner, existing.isPrivate else {
                    throw StoreError.conflict("a worldmap with this id exists", field: "id")
                }
                return (existing, false)
            }
            try await db.raw(
                """
                INSERT INTO worldmaps (id, is_private, cell, name, owner_id, created_at)
                VALUES (\(bind: id.text), 1, \(bind: Int64(bitPattern: cell.rawValue)), \(bind: name), \(bind: owner.text), \(bind: millis(now)))
                """
            ).run()
            try await db.raw(
                "INSERT INTO worldmap_members (worldmap_id, account_id, added_at) VALUES (\(bind: id.text), \(bind: owner.text), \(bind: millis(now)))"
            ).run()
            try await store.changes.appendRelationEvents(for: [owner], on: db, now: now)
            return (try await Self.worldmap(id: id, on: db)!, true)
        }
    }

    /// Private worldmaps `account` belongs to.
    public func privateWorldmaps(of account: Account.ID) async throws -> [Worldmap] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT w.id, w.is_private, w.cell, w.name, w.owner_id, w.created_at FROM worldmaps w
                JOIN worldmap_members m ON m.worldmap_id = w.id WHERE m.account_id = \(bind: account.text) ORDER BY w.name
                """
            ).all().map(Self.worldmap(from:))
        }
    }

    public func members(of worldmap: Worldmap.ID) async throws -> [StickerAuthor] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT a.id, a.username, a.display_name FROM worldmap_members m JOIN accounts a ON a.id = m.account_id
                WHERE m.worldmap_id = \(bind: worldmap.text) ORDER BY a.username_key
                """
            ).all().map(Self.author(from:))
        }
    }

    static func author(from row: any SQLRow) throws -> StickerAuthor {
        StickerAuthor(
            id: try row.decodeID(column: "id"),
            username: try row.decode(column: "username", as: String.self),
            displayName: try row.decode(column: "display_name", as: String.self))
    }

    /// Adds or removes a member; their live view reloads.
    public func setMembership(worldmap: Worldmap.ID, account: Account.ID, member: Bool, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            let exists =
                try await db.raw(
                    "SELECT 1 AS x FROM worldmap_members WHERE worldmap_id = \(bind: worldmap.text) AND account_id = \(bind: account.text)"
                ).first() != nil
            guard exists != member else { return }
            if member {
                try await db.raw(
                    "INSERT INTO worldmap_members (worldmap_id, account_id, added_at) VALUES (\(bind: worldmap.text), \(bind: account.text), \(bind: millis(now)))"
                ).run()
            } else {
                try await db.raw(
                    "DELETE FROM worldmap_members WHERE worldmap_id = \(bind: worldmap.text) AND account_id = \(bind: account.text)"
                ).run()
            }
            try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
        }
    }

    /// Deletes a private worldmap and every sticker on it (each one a delete event).
    public func deletePrivate(id: Worldmap.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            let stickers = try await db.raw("SELECT id FROM stickers WHERE worldmap_id = \(bind: id.text) AND state <> 'deleted'").all()
            for row in stickers {
                if let sid = Sticker.ID(try row.decode(column: "id", as: String.self)) {
                    try await store.stickers.end(sid, on: db, now: now)
                }
            }
            let members = try await db.raw("SELECT account_id FROM worldmap_members WHERE worldmap_id = \(bind: id.text)").all()
                .compactMap { Account.ID(try $0.decode(column: "account_id", as: String.self)) }
            try await db.raw("DELETE FROM worldmaps WHERE id = \(bind: id.text)").run()
            try await store.changes.appendRelationEvents(for: members, on: db, now: now)
            try await BlobStore.deleteOrphanBlobs(on: db)
        }
    }
}

extension WorldmapStore {
    /// Before an account goes: its stickers and private worldmaps end with delete events,
    /// its memberships end with relation events, and templates others already use stay in
    /// the library without an author (the rest of its submissions go with the account).
    func endContent(of account: Account.ID, on db: any SQLDatabase) async throws {
        let now = clock.now()
        let owned = try await db.raw("SELECT id FROM worldmaps WHERE owner_id = \(bind: account.text)").all()
            .compactMap { Worldmap.ID(try $0.decode(column: "id", as: String.self)) }
        for worldmap in owned {
            for row in try await db.raw("SELECT id FROM stickers WHERE worldmap_id = \(bind: worldmap.text) AND state <> 'deleted'").all() {
                if let id = Sticker.ID(try row.decode(column: "id", as: String.self)) {
                    try await store.stickers.end(id, on: db, now: now)
                }
            }
            let members = try await db.raw("SELECT account_id FROM worldmap_members WHERE worldmap_id = \(bind: worldmap.text)").all()
                .compactMap { Account.ID(try $0.decode(column: "account_id", as: String.self)) }
            try await store.changes.appendRelationEvents(for: members, on: db, now: now)
        }
        for row in try await db.raw("SELECT id FROM stickers WHERE author_id = \(bind: account.text) AND state <> 'deleted'").all() {
            if let id = Sticker.ID(try row.decode(column: "id", as: String.self)) {
                try await store.stickers.end(id, on: db, now: now)
            }
        }
        try await db.raw(
            """
            UPDATE templates SET author_id = NULL
            WHERE author_id = \(bind: account.text) AND id IN (SELECT template_id FROM stickers WHERE author_id <> \(bind: account.text))
            """
        ).run()
        try await db.raw("DELETE FROM stickers WHERE author_id = \(bind: account.text)").run()
        try await db.raw("DELETE FROM worldmaps WHERE owner_id = \(bind: account.text)").run()
        try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
    }
}

import ArgumentParser
import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore

/// Bulk-loads benchmark stickers into a WorldLayer store with exactly the rows the
/// API would have written (accounts, public worldmaps per cell, stickers with their
/// JSON bodies, shares), many per statement. Benchmarks only: it bypasses the change log.
struct StickerLoader {
    let store: Store
    static let users = 10_000

    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .millisecondsSince1970  // as the store keeps bodies
        return e
    }()

    func prepare() async throws {
        _ = try await BuiltinTemplates.install(into: store)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        for start in stride(from: 0, to: Self.users, by: 1_000) {
            try await store.transaction { db in
                var insert = db.insert(into: "accounts").columns(
                    "id", "username", "username_key", "email", "email_key", "display_name", "birthday", "password_hash", "role",
                    "created_at", "updated_at")
                for n in start..<min(start + 1_000, Self.users) {
                    let name = "user\(n)"
                    insert = insert.values(
                        SQLBind(BenchSticker.accountID(n).text), SQLBind(name), SQLBind(name),
                        SQLBind("\(name)@example.org"),
                        SQLBind("\(name)@example.org"), SQLBind("User \(n)"), SQLBind("1990-01-01"), SQLBind("!"), SQLBind("user"),
                        SQLBind(now),
                        SQLBind(now))
                }
                try await insert.ignoringConflicts().run()
            }
        }
    }

    /// Loads one batch in one transaction; `worldmaps` remembers each cell's public worldmap across batches,
    /// and `placeKeys` each place slot's next free key on SQLite (``StickerPlaceKey``: the loader numbers a
    /// slot's stickers itself, so it loads into a store without stickers).
    func load(_ batch: [BenchSticker], worldmaps: inout [UInt64: UUID], placeKeys: inout [Int64: Int64]) async throws {
        let now = Date()
        let nowMillis = Int64(now.timeIntervalSince1970 * 1000)
        var newWorldmaps: [(UUID, Int64)] = []
        var rows: [[any SQLExpression]] = []
        var shares: [[any SQLExpression]] = []
        for s in batch {
            let cell = CellGrid.cell(containing: Coordinate(latitude: s.latitude, longitude: s.longitude))
            let worldmap: UUID
            if let w = worldmaps[cell.rawValue] {
                worldmap = w
            } else {
                worldmap = UUID()
                worldmaps[cell.rawValue] = worldmap
                newWorldmaps.append((worldmap, Int64(bitPattern: cell.rawValue)))
            }
            let author = StickerAuthor(id: BenchSticker.accountID(s.author), username: "user\(s.author)", displayName: "User \(s.author)")
            let draft = StickerDraft(
                templateId: "sticky-note", text: "Sticker \(s.id.uuidString.prefix(8))", tags: ["bench"],
                anchor: StickerAnchor(latitude: s.latitude, longitude: s.longitude, altitude: 20, accuracy: 5), visibility: s.visibility,
                sharedWith: s.sharedWith.map { "user\($0)" })
            let sticker = Sticker(
                id: Sticker.ID(s.id), author: author, state: .published, draft: draft, worldmapId: Worldmap.ID(worldmap),
                worldmapIsPrivate: false,
                cell: cell.description,
                version: 2, createdAt: now, updatedAt: now)
            let body = String(decoding: try encoder.encode(sticker), as: UTF8.self)
            var row: [any SQLExpression] = []
            if store.engine == .sqlite {
                let slot = StickerPlaceKey.slot(row: cell.row, strip: LongitudeStrip.of(longitude: s.longitude), latitude: s.latitude)
                let key = placeKeys[slot.lowerBound, default: slot.lowerBound]
                guard slot.contains(key) else {
                    throw ValidationError("more stickers at one spot than a place slot holds: \(s.latitude), \(s.longitude)")
                }
                placeKeys[slot.lowerBound] = key + 1
                row.append(SQLBind(key))
            }
            rows.append(
                row + [
                    SQLBind(s.id.text), SQLBind(author.id.text), SQLBind("published"),
                    SQLBind(s.visibility.rawValue),
                    SQLBind(worldmap.text), SQLLiteral.null, SQLBind("sticky-note"),
                    SQLBind(Int64(bitPattern: cell.rawValue)),
                    SQLBind(LongitudeStrip.of(longitude: s.longitude)), SQLBind(s.latitude), SQLBind(s.longitude), SQLLiteral.null,
                    SQLLiteral.null, SQLBind(2), SQLBind(body), SQLBind(nowMillis),
                    SQLBind(nowMillis),
                ])
            for n in Set(s.sharedWith) where n != s.author {
                shares.append([SQLBind(s.id.text), SQLBind(BenchSticker.accountID(n).text)])
            }
        }
        let engine = store.engine
        try await store.transaction { [rows, shares, newWorldmaps] db in
            // Inserts land all over the cell index; a bulk load wants a big page cache (1 GiB) on SQLite.
            if engine == .sqlite { try await db.raw("PRAGMA cache_size = -1048576").run() }
            if !newWorldmaps.isEmpty {
                var insert = db.insert(into: "worldmaps").columns("id", "is_private", "cell", "name", "created_at")
                for (id, cell) in newWorldmaps {
                    insert = insert.values(
                        SQLBind(id.text), SQLBind(0), SQLBind(cell), SQLBind("Public"), SQLBind(nowMillis))
                }
                try await insert.run()
            }
            for part in stride(from: 0, to: rows.count, by: 500) {
                var insert = db.insert(into: "stickers").columns(
                    (engine == .sqlite ? ["place_key"] : []) + [
                        "id", "author_id", "state", "visibility", "worldmap_id", "private_worldmap_id", "template_id", "cell", "strip",
                        "latitude", "longitude",
                        "expires_at", "deleted_at", "version", "body", "created_at", "updated_at",
                    ])
                for row in rows[part..<min(part + 500, rows.count)] { insert = insert.values(row) }
                try await insert.run()
            }
            if !shares.isEmpty {
                var insert = db.insert(into: "sticker_shares").columns("sticker_id", "account_id")
                for row in shares { insert = insert.values(row) }
                try await insert.run()
            }
        }
    }
}

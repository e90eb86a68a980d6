import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// Stickers' scene anchors: one per sticker at most, kept by the cell their plane is in.
public struct SceneStore: StoreAggregate {
    let store: Store
}

/// A scene anchor with what the scene index needs of it.
public struct StoredScene: Sendable {
    public var anchor: SceneAnchor
    public var features: Data
}

extension SceneStore {
    /// Anchors a sticker to a scene, replacing the scene it had; `picture` is the frame it was seen in.
    public func put(_ anchor: SceneAnchor, picture: Data, contentType: String, features: Data, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        let cell = Int64(bitPattern: CellGrid.cell(containing: anchor.plane.origin).rawValue)
        let body = try StoreJSON.string(anchor)
        try await transaction { db in
            let blob = try await BlobStore.putBlob(picture, contentType: contentType, on: db, now: now)
            try await db.raw("DELETE FROM scene_anchors WHERE sticker_id = \(bind: anchor.stickerId.text)").run()
            try await db.raw(
                """
                INSERT INTO scene_anchors (id, sticker_id, cell, body, blob_id, features, created_at)
                VALUES (\(bind: anchor.id.text), \(bind: anchor.stickerId.text), \(bind: cell), \(bind: body), \(bind: blob),
                        \(bind: features), \(bind: millis(now)))
                """
            ).run()
            try await BlobStore.deleteOrphanBlobs(on: db)  // the frame of the scene it replaced
        }
    }

    /// The bytes the scenes of `author`'s stickers keep (pictures and features), leaving out `sticker`'s
    /// own (which a new scene would replace).
    public func bytes(ofAuthor author: Account.ID, except sticker: Sticker.ID) async throws -> Int {
        try await withConnection { db in
            let row = try await db.raw(
                """
                SELECT CAST(COALESCE(SUM(b.size + LENGTH(s.features)), 0) AS BIGINT) AS bytes  -- a sum is NUMERIC on PostgreSQL
                FROM scene_anchors s JOIN blobs b ON b.id = s.blob_id JOIN stickers t ON t.id = s.sticker_id
                WHERE t.author_id = \(bind: author.text) AND s.sticker_id <> \(bind: sticker.text)
                """
            ).first()
            return Int(try row?.decode(column: "bytes", as: Int64.self) ?? 0)
        }
    }

    /// A sticker's scene anchor (whoever may see the sticker; the caller checks).
    public func anchor(stickerID: Sticker.ID) async throws -> SceneAnchor? {
        try await one("sticker_id = \(bind: stickerID.text)")
    }

    public func anchor(id: SceneAnchor.ID) async throws -> SceneAnchor? {
        try await one("id = \(bind: id.text)")
    }

    private func one(_ condition: SQLQueryString) async throws -> SceneAnchor? {
        try await withConnection { db in
            try await db.raw("SELECT body FROM scene_anchors WHERE \(condition)").first().map {
                try StoreJSON.decode(SceneAnchor.self, try $0.decode(column: "body", as: String.self))
            }
        }
    }

    /// Removes a sticker's scene anchor; false when it had none.
    public func delete(stickerID: Sticker.ID) async throws -> Bool {
        try await transaction { db in
            guard try await db.raw("SELECT id FROM scene_anchors WHERE sticker_id = \(bind: stickerID.text)").first() != nil else {
                return false
            }
            try await db.raw("DELETE FROM scene_anchors WHERE sticker_id = \(bind: stickerID.text)").run()
            try await BlobStore.deleteOrphanBlobs(on: db)
            return true
        }
    }

    /// Every scene anchor, newest first (for operators: the CLI).
    public func list(limit: Int = 1_000) async throws -> [SceneAnchor] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM scene_anchors ORDER BY created_at DESC, id LIMIT \(bind: limit)").all().map {
                try StoreJSON.decode(SceneAnchor.self, try $0.decode(column: "body", as: String.self))
            }
        }
    }

    /// The scene anchors whose planes are in these cells, without their features.
    public func anchors(in cells: [CellID]) async throws -> [SceneAnchor] {
        guard !cells.isEmpty else { return [] }
        let keys = cells.map { Int64(bitPattern: $0.rawValue) }
        return try await withConnection { db in
            try await db.raw("SELECT body FROM scene_anchors WHERE cell IN (\(SQLList(keys.map { SQLBind($0) }))) ORDER BY id").all().map {
                try StoreJSON.decode(SceneAnchor.self, try $0.decode(column: "body", as: String.self))
            }
        }
    }

    /// These anchors with their features, for a scene index.
    public func withFeatures(_ ids: [SceneAnchor.ID]) async throws -> [StoredScene] {
        guard !ids.isEmpty else { return [] }
        return try await withConnection { db in
            try await db.raw("SELECT body, features FROM scene_anchors WHERE id IN (\(SQLList(ids.map { SQLBind($0.text) }))) ORDER BY id")
                .all()
                .map {
                    StoredScene(
                        anchor: try StoreJSON.decode(SceneAnchor.self, try $0.decode(column: "body", as: String.self)),
                        features: try $0.decode(column: "features", as: Data.self))
                }
        }
    }

    /// The blob of the frame a sticker's scene was anchored from.
    public func pictureBlob(stickerID: Sticker.ID) async throws -> String? {
        try await withConnection { db in
            try await db.raw("SELECT blob_id FROM scene_anchors WHERE sticker_id = \(bind: stickerID.text)").first()
                .map { try $0.decode(column: "blob_id", as: String.self) }
        }
    }
}

import Crypto
import Foundation
import SQLKit

/// Bytes kept in the database under their SHA-256, which is also their ETag.
public struct StoredBlob: Sendable {
    public var id: String
    public var contentType: String
    public var data: Data
}

/// Pictures kept in the database by content hash.
public struct BlobStore: StoreAggregate {
    let store: Store
}

extension BlobStore {
    /// Stores bytes once however often they are uploaded; returns their id.
    static func putBlob(_ data: Data, contentType: String, on db: any SQLDatabase, now: Date) async throws -> String {
        let id = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        let exists = try await db.raw("SELECT id FROM blobs WHERE id = \(bind: id)").first() != nil
        if !exists {
            try await db.raw(
                """
                INSERT INTO blobs (id, content_type, size, data, created_at)
                VALUES (\(bind: id), \(bind: contentType), \(bind: Int64(data.count)), \(bind: data), \(bind: millis(now)))
                """
            ).run()
        }
        return id
    }

    public func blob(id: String) async throws -> StoredBlob? {
        try await withConnection { db in
            guard let row = try await db.raw("SELECT content_type, data FROM blobs WHERE id = \(bind: id)").first() else { return nil }
            return StoredBlob(
                id: id, contentType: try row.decode(column: "content_type", as: String.self),
                data: try row.decode(column: "data", as: Data.self))
        }
    }

    /// Removes blobs nothing refers to any more.
    static func deleteOrphanBlobs(on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM blobs WHERE id NOT IN (SELECT blob_id FROM worldmap_assets)
              AND id NOT IN (SELECT preview_blob FROM templates)
              AND id NOT IN (SELECT asset_blob FROM templates WHERE asset_blob IS NOT NULL)
              AND id NOT IN (SELECT blob_id FROM place_photos)
              AND id NOT IN (SELECT blob_id FROM floor_plans)
              AND id NOT IN (SELECT blob_id FROM scene_anchors)
            """
        ).run()
    }
}

import Foundation
import SQLKit
import WorldLayerCore

/// An upload whose If-Match names a version that is no longer the newest.
public struct StaleWorldmapAsset: Error, Sendable, Equatable, CustomStringConvertible {
    public var kind: WorldmapAssetKind
    public var newestVersion: Int

    public var description: String { "the \(kind.rawValue) changed since you read it (newest: version \(newestVersion))" }
}

extension WorldmapStore {
    /// Stores a new version of a worldmap's snapshot or device map. With `ifMatch`, the
    /// upload applies only if the newest version still has that ETag (else a conflict
    /// carrying the newest); the same bytes as the newest version are not a new version.
    public func putAsset(
        worldmap: Worldmap.ID, kind: WorldmapAssetKind, data: Data, contentType: String, ifMatch: String?, uploader: Account.ID,
        now: Date? = nil
    ) async throws -> (WorldmapAsset, created: Bool) {
        let now = now ?? clock.now()
        return try await transaction { db in
            // Uploads to one worldmap run one after the other: each takes the next version, and one whose
            // If-Match went stale meanwhile is refused instead of racing for the same version number.
            try await self.lock(.worldmap, id: worldmap, on: db)
            let newest = try await Self.worldmapAsset(worldmap: worldmap, kind: kind, version: nil, on: db)
            if let ifMatch, ifMatch != "*", ifMatch != newest?.etag {
                throw StaleWorldmapAsset(kind: kind, newestVersion: newest?.version ?? 0)
            }
            let blob = try await BlobStore.putBlob(data, contentType: contentType, on: db, now: now)
            if let newest, newest.etag == blob { return (newest, false) }
            let version = (newest?.version ?? 0) + 1
            try await db.raw(
                """
                INSERT INTO worldmap_assets (worldmap_id, kind, version, blob_id, uploaded_by, created_at)
                VALUES (\(bind: worldmap.text), \(bind: kind.rawValue), \(bind: version), \(bind: blob), \(bind: uploader.text), \(bind: millis(now)))
                """
            ).run()
            return (try await Self.worldmapAsset(worldmap: worldmap, kind: kind, version: version, on: db)!, true)
        }
    }

    /// The newest version, or a given one if it is still kept.
    public func asset(worldmap: Worldmap.ID, kind: WorldmapAssetKind, version: Int? = nil) async throws -> WorldmapAsset? {
        try await withConnection { db in try await Self.worldmapAsset(worldmap: worldmap, kind: kind, version: version, on: db) }
    }

    /// Every kept version, newest first.
    public func assetVersions(worldmap: Worldmap.ID, kind: WorldmapAssetKind) async throws -> [WorldmapAsset] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT a.version, a.blob_id, a.created_at, b.content_type, b.size FROM worldmap_assets a JOIN blobs b ON b.id = a.blob_id
                WHERE a.worldmap_id = \(bind: worldmap.text) AND a.kind = \(bind: kind.rawValue) ORDER BY a.version DESC
                """
            ).all().map { try Self.asset(from: $0, kind: kind) }
        }
    }

    static func worldmapAsset(worldmap: Worldmap.ID, kind: WorldmapAssetKind, version: Int?, on db: any SQLDatabase) async throws
        -> WorldmapAsset?
    {
        let versionFilter: SQLQueryString = version.map { "AND a.version = \(bind: $0)" } ?? ""
        return try await db.raw(
            """
            SELECT a.version, a.blob_id, a.created_at, b.content_type, b.size FROM worldmap_assets a JOIN blobs b ON b.id = a.blob_id
            WHERE a.worldmap_id = \(bind: worldmap.text) AND a.kind = \(bind: kind.rawValue) \(versionFilter)
            ORDER BY a.version DESC LIMIT 1
            """
        ).first().map { try asset(from: $0, kind: kind) }
    }

    static func asset(from row: any SQLRow, kind: WorldmapAssetKind) throws -> WorldmapAsset {
        WorldmapAsset(
            kind: kind, version: try row.decode(column: "version", as: Int.self), etag: try row.decode(column: "blob_id", as: String.self),
            contentType: try row.decode(column: "content_type", as: String.self), size: Int(try row.decode(column: "size", as: Int64.self)),
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    /// Drops versions older than `before`, always keeping each asset's newest.
    static func pruneWorldmapAssets(before: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            DELETE FROM worldmap_assets WHERE created_at < \(bind: millis(before))
              AND version < (SELECT MAX(n.version) FROM worldmap_assets n
                             WHERE n.worldmap_id = worldmap_assets.worldmap_id AND n.kind = worldmap_assets.kind)
            """
        ).run()
    }
}

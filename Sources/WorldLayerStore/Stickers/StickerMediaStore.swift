import Foundation
import SQLKit
import WorldLayerCore

/// A sound or video someone uploaded for their stickers: what it is, how big and how long.
public struct StickerUpload: Sendable, Hashable, Codable {
    public var id: String
    public var contentType: String
    public var size: Int
    /// Seconds.
    public var duration: Double

    public init(id: String, contentType: String, size: Int, duration: Double) {
        self.id = id
        self.contentType = contentType
        self.size = size
        self.duration = duration
    }
}

extension StickerStore {
    /// Records that `account` uploaded this file (again is a no-op).
    public func recordUpload(_ upload: StickerUpload, by account: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await withConnection { db in
            try await db.raw(
                """
                INSERT INTO sticker_media (id, account_id, content_type, size, duration, created_at)
                VALUES (\(bind: upload.id), \(bind: account.text), \(bind: upload.contentType), \(bind: Int64(upload.size)), \(bind: upload.duration), \(bind: millis(now)))
                ON CONFLICT (id, account_id) DO NOTHING
                """
            ).run()
        }
    }

    /// The bytes of every clip `account` uploaded (each counted once, however many stickers carry it).
    public func uploadedBytes(by account: Account.ID) async throws -> Int {
        try await withConnection { db in
            let row = try await db.raw(
                "SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) AS bytes FROM sticker_media WHERE account_id = \(bind: account.text)"
            )
            .first()
            return Int(try row?.decode(column: "bytes", as: Int64.self) ?? 0)
        }
    }

    /// The file `account` uploaded with this id, or nil when they did not.
    public func upload(_ id: String, by account: Account.ID) async throws -> StickerUpload? {
        try await withConnection { db in
            try await db.raw(
                "SELECT content_type, size, duration FROM sticker_media WHERE id = \(bind: id) AND account_id = \(bind: account.text)"
            ).first().map {
                StickerUpload(
                    id: id, contentType: try $0.decode(column: "content_type", as: String.self),
                    size: Int(try $0.decode(column: "size", as: Int64.self)), duration: try $0.decode(column: "duration", as: Double.self))
            }
        }
    }
}

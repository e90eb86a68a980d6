import Foundation
import SQLKit
import WorldLayerCore

/// How long things are kept after they stop being visible.
public struct RetentionPolicy: Sendable {
    /// Deleted and expired stickers stay archived (invisible) this long, for moderation.
    public var archive: TimeInterval
    /// The change log is kept this long; a client away longer reloads in full.
    public var events: TimeInterval
    /// Older versions of worldmap snapshots and device maps are kept this long.
    public var assetVersions: TimeInterval

    public init(archive: TimeInterval = 30 * 86_400, events: TimeInterval = 7 * 86_400, assetVersions: TimeInterval = 7 * 86_400) {
        self.archive = archive
        self.events = events
        self.assetVersions = assetVersions
    }
}

/// What one maintenance pass did.
public struct MaintenanceReport: Sendable, Equatable {
    public var expired = 0
    public var purged = 0
    /// Sessions removed because they had ended.
    public var sessions = 0
}

extension StickerStore {
    /// Ends stickers whose timer has run out (each a delete event), then purges what
    /// has been archived longer than the policy keeps it.
    @discardableResult
    public func runMaintenance(policy: RetentionPolicy, now: Date? = nil) async throws -> MaintenanceReport {
        let now = now ?? clock.now()
        var report = MaintenanceReport()
        report.expired = try await endExpired(now: now)
        report.purged = try await transaction { db in
            let cutoff = millis(now.addingTimeInterval(-policy.archive))
            let count =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM stickers WHERE state = 'deleted' AND deleted_at < \(bind: cutoff)"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            try await db.raw("DELETE FROM stickers WHERE state = 'deleted' AND deleted_at < \(bind: cutoff)").run()
            // Keep the newest entry so the log's high-water mark survives a quiet week.
            try await db.raw(
                """
                DELETE FROM sticker_events WHERE created_at < \(bind: millis(now.addingTimeInterval(-policy.events)))
                  AND seq < (SELECT MAX(seq) FROM sticker_events)
                """
            ).run()
            try await WorldmapStore.pruneWorldmapAssets(before: now.addingTimeInterval(-policy.assetVersions), on: db)
            try await BlobStore.deleteOrphanBlobs(on: db)
            return count
        }
        // Sessions past their end: they no longer sign anyone in, and a stolen database should hold as few as possible.
        report.sessions = try await transaction { db in
            let ended =
                try await db.raw("SELECT COUNT(*) AS n FROM sessions WHERE expires_at <= \(bind: millis(now))").first()?.decode(
                    column: "n", as: Int.self) ?? 0
            try await db.raw("DELETE FROM sessions WHERE expires_at <= \(bind: millis(now))").run()
            return ended
        }
        return report
    }

    /// Ends the stickers whose timer has run out, each with a delete event; returns how many. Cheap
    /// when none has (one probe of the `stickers_expiring` index), so servers run it every second.
    @discardableResult
    public func endExpired(now: Date? = nil) async throws -> Int {
        let now = now ?? clock.now()
        let due = try await withConnection { db in
            try await db.raw(
                "SELECT id FROM stickers WHERE expires_at IS NOT NULL AND expires_at <= \(bind: millis(now)) AND state <> 'deleted' LIMIT 1000"
            ).all().compactMap { Sticker.ID(try $0.decode(column: "id", as: String.self)) }
        }
        for id in due {
            try await transaction { db in try await self.end(id, on: db, now: now) }
        }
        return due.count
    }

    /// Archived stickers (deleted or expired, not yet purged), newest first: what moderation can still act on.
    public func archived(limit: Int = 100) async throws -> [Sticker] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM stickers WHERE state = 'deleted' ORDER BY deleted_at DESC LIMIT \(bind: limit)").all()
                .map { try StoreJSON.sticker(try $0.decode(column: "body", as: String.self)) }
        }
    }
}

import Foundation
import SQLKit
import WorldLayerCore

public enum ReportOutcome: Sendable, Equatable {
    case filed(StickerReport, created: Bool)
    /// No such sticker, or one the reporter may not see (the same answer).
    case notFound
}

/// Reports, moderators' decisions and their log.
public struct ModerationStore: StoreAggregate {
    let store: Store
}

extension ModerationStore {
    /// Files a report of a sticker the reporter can see. Reporting the same sticker again returns the open report.
    public func report(stickerID: Sticker.ID, reason: String, reporter: Viewer, now: Date? = nil) async throws -> ReportOutcome {
        let now = now ?? clock.now()
        guard let me = reporter.accountID else { return .notFound }
        return try await Store.creatingOnce {
            try await self.attemptReport(stickerID: stickerID, reason: reason, reporter: reporter, me: me, now: now)
        }
    }

    private func attemptReport(stickerID: Sticker.ID, reason: String, reporter: Viewer, me: Account.ID, now: Date) async throws
        -> ReportOutcome
    {
        try await transaction { db in
            guard let stored = try await StickerStore.storedSticker(id: stickerID, on: db),
                reporter.canSee(StickerStore.audience(stored.sticker, shares: stored.shares), now: now)
            else { return .notFound }
            if let open = try await db.raw(
                "SELECT \(unsafeRaw: Self.reportColumns) FROM reports WHERE sticker_id = \(bind: stickerID.text) AND reporter_id = \(bind: me.text) AND status = 'open'"
            ).first() {
                return .filed(try Self.report(from: open), created: false)
            }
            let report = StickerReport(
                id: StickerReport.ID(), stickerId: stickerID, reporterId: me, reason: reason, status: .open, note: nil, decidedAt: nil,
                createdAt: date(millis: millis(now)))
            try await db.raw(
                """
                INSERT INTO reports (id, sticker_id, reporter_id, reason, status, created_at)
                VALUES (\(bind: report.id.text), \(bind: stickerID.text), \(bind: me.text), \(bind: reason), 'open', \(bind: millis(now)))
                """
            ).run()
            return .filed(report, created: true)
        }
    }

    static let reportColumns = "id, sticker_id, reporter_id, reason, status, note, decided_at, created_at"

    static func report(from row: any SQLRow) throws -> StickerReport {
        StickerReport(
            id: try row.decodeID(column: "id"),
            stickerId: try row.decodeID(column: "sticker_id"),
            reporterId: try row.decode(column: "reporter_id", as: String?.self).flatMap(Account.ID.init),
            reason: try row.decode(column: "reason", as: String.self),
            status: StickerReport.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .open,
            note: try row.decode(column: "note", as: String?.self),
            decidedAt: try row.decode(column: "decided_at", as: Int64?.self).map { date(millis: $0) },
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    /// The reports someone filed, newest first, with what became of them.
    public func reports(by reporter: Account.ID) async throws -> [StickerReport] {
        try await withConnection { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.reportColumns) FROM reports WHERE reporter_id = \(bind: reporter.text) ORDER BY created_at DESC, id"
            ).all().map(Self.report(from:))
        }
    }

    /// Open reports, oldest first, each with the sticker as stored (moderators see it whatever its audience).
    public func openReports(limit: Int = 200) async throws -> [(report: StickerReport, sticker: Sticker)] {
        try await withConnection { db in
            let reports = try await db.raw(
                "SELECT \(unsafeRaw: Self.reportColumns) FROM reports WHERE status = 'open' ORDER BY created_at, id LIMIT \(unsafeRaw: String(limit))"
            ).all().map(Self.report(from:))
            var result: [(StickerReport, Sticker)] = []
            for r in reports {
                if let stored = try await StickerStore.storedSticker(id: r.stickerId, on: db) { result.append((r, stored.sticker)) }
            }
            return result
        }
    }

    /// A moderator's decision on a report. Hiding ends the sticker at once (live clients get its deletion,
    /// it stays archived for retention) and settles every open report of it; dismissing settles this one.
    /// Nil when there is no such open report.
    public func decide(reportID: StickerReport.ID, hide: Bool, note: String?, moderator: Account, now: Date? = nil) async throws
        -> StickerReport?
    {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: Self.reportColumns) FROM reports WHERE id = \(bind: reportID.text) AND status = 'open'"
                ).first()
            else { return nil }
            let report = try Self.report(from: row)
            let status: StickerReport.Status = hide ? .hidden : .dismissed
            let scope: SQLQueryString =
                hide ? "sticker_id = \(bind: report.stickerId.text) AND status = 'open'" : "id = \(bind: reportID.text)"
            let settled = try await db.raw(
                """
                UPDATE reports SET status = \(bind: status.rawValue), decided_by = \(bind: moderator.id.text), decided_at = \(bind: millis(now)), note = \(bind: note)
                WHERE \(scope) RETURNING reporter_id
                """
            ).all()
            // Each reporter learns the outcome (never who decided it).
            for reporter in Set(try settled.compactMap { try $0.decode(column: "reporter_id", as: String?.self).flatMap(Account.ID.init) })
            {
                try await NotificationStore.notify(
                    NotificationDraft(recipient: reporter, kind: .report, subject: report.stickerId.text, detail: status.rawValue),
                    on: db, engine: engine, now: now)
            }
            if hide { try await store.stickers.end(report.stickerId, on: db, now: now) }
            try await Self.logModeration(
                moderator: moderator, action: hide ? "hide" : "dismiss", targetKind: hide ? "sticker" : "report",
                targetID: hide ? report.stickerId.text : reportID.text, note: note, on: db, now: now)
            var decided = report
            decided.status = status
            decided.note = note
            decided.decidedAt = date(millis: millis(now))
            return decided
        }
    }

    static func logModeration(
        moderator: Account, action: String, targetKind: String, targetID: String, note: String?, on db: any SQLDatabase, now: Date
    ) async throws {
        try await db.raw(
            """
            INSERT INTO moderation_actions (id, moderator_id, moderator_name, action, target_kind, target_id, note, created_at)
            VALUES (\(bind: UUID().text), \(bind: moderator.id.text), \(bind: moderator.username), \(bind: action), \(bind: targetKind), \(bind: targetID),
                    \(bind: note), \(bind: millis(now)))
            """
        ).run()
    }

    /// Every moderation action, newest first.
    public func log(limit: Int = 500) async throws -> [ModerationAction] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT id, moderator_id, moderator_name, action, target_kind, target_id, note, created_at FROM moderation_actions
                ORDER BY created_at DESC, id LIMIT \(unsafeRaw: String(limit))
                """
            ).all().map { row in
                ModerationAction(
                    id: try row.decodeID(column: "id"),
                    moderatorId: try row.decode(column: "moderator_id", as: String?.self).flatMap(Account.ID.init),
                    moderator: try row.decode(column: "moderator_name", as: String.self),
                    action: try row.decode(column: "action", as: String.self),
                    targetKind: try row.decode(column: "target_kind", as: String.self),
                    targetId: try row.decode(column: "target_id", as: String.self),
                    note: try row.decode(column: "note", as: String?.self),
                    createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
            }
        }
    }
}

import Foundation
import SQLKit
import WorldLayerCore

/// Sticker designs and their review.
public struct TemplateStore: StoreAggregate {
    let store: Store
}

extension TemplateStore {
    static let templateColumns = "id, name, kind, takes_text, status, author_id, reject_reason, asset_blob, preview_blob, created_at"

    static func template(from row: any SQLRow) throws -> StickerTemplate {
        let assetID = try row.decode(column: "asset_blob", as: String?.self)
        return StickerTemplate(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
            kind: StickerTemplate.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .image,
            takesText: try row.decode(column: "takes_text", as: Int.self) != 0,
            status: StickerTemplate.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            authorId: try row.decode(column: "author_id", as: String?.self).flatMap(Account.ID.init),
            rejectReason: try row.decode(column: "reject_reason", as: String?.self), assetId: assetID,
            assetType: nil, previewId: try row.decode(column: "preview_blob", as: String.self),
            createdAt: date(millis: try row.decode(column: "created_at", as: Int64.self)))
    }

    /// Adds a template: the project's own (no author) go straight into the library, a
    /// user's submission waits for review. Returns the stored template and whether it
    /// was new; the same submission sent again is not a second one.
    public func add(_ t: NewTemplate, author: Account.ID?, now: Date? = nil) async throws -> (StickerTemplate, created: Bool) {
        let now = now ?? clock.now()
        do {
            return try await addTemplateOnce(t, author: author, now: now)
        } catch  where Store.isUniqueViolation(error) {
            // Another server (or request) added the same template or bytes at the same moment; now they are there.
            return try await addTemplateOnce(t, author: author, now: now)
        }
    }

    private func addTemplateOnce(_ t: NewTemplate, author: Account.ID?, now: Date) async throws -> (StickerTemplate, created: Bool) {
        try await transaction { db in
            if let row = try await db.raw("SELECT \(unsafeRaw: Self.templateColumns) FROM templates WHERE id = \(bind: t.id)").first() {
                let existing = try Self.template(from: row)
                if author == nil, existing.authorId == nil {
                    // The project's library is refreshed from its assets at every start.
                    try await Self.writeTemplateContent(t, on: db, now: now, update: true)
                    return (try await Self.template(id: t.id, on: db)!, false)
                }
                guard existing.authorId == author, existing.name == t.name, existing.kind == t.kind else {
                    throw StoreError.conflict("a template with this id exists", field: "id")
                }
                return (existing, false)
            }
            try await Self.writeTemplateContent(t, on: db, now: now, update: false)
            try await db.raw(
                "UPDATE templates SET status = \(bind: author == nil ? "approved" : "pending"), author_id = \(bind: author?.text) WHERE id = \(bind: t.id)"
            ).run()
            return (try await Self.template(id: t.id, on: db)!, true)
        }
    }

    private static func writeTemplateContent(_ t: NewTemplate, on db: any SQLDatabase, now: Date, update: Bool) async throws {
        let preview = try await BlobStore.putBlob(t.preview, contentType: "image/png", on: db, now: now)
        let asset = try await t.asset.asyncMap { try await BlobStore.putBlob($0.data, contentType: $0.type, on: db, now: now) }
        if update {
            try await db.raw(
                """
                UPDATE templates SET name = \(bind: t.name), kind = \(bind: t.kind.rawValue), takes_text = \(bind: t.takesText ? 1 : 0),
                  asset_blob = \(bind: asset), preview_blob = \(bind: preview) WHERE id = \(bind: t.id)
                """
            ).run()
        } else {
            try await db.raw(
                """
                INSERT INTO templates (id, name, kind, takes_text, status, asset_blob, preview_blob, created_at)
                VALUES (\(bind: t.id), \(bind: t.name), \(bind: t.kind.rawValue), \(bind: t.takesText ? 1 : 0), 'pending', \(bind: asset), \(bind: preview), \(bind: millis(now)))
                """
            ).run()
        }
    }

    static func template(id: String, on db: any SQLDatabase) async throws -> StickerTemplate? {
        try await db.raw("SELECT \(unsafeRaw: templateColumns) FROM templates WHERE id = \(bind: id)").first().map(template(from:))
    }

    public func template(id: String) async throws -> StickerTemplate? {
        try await withConnection { db in try await Self.template(id: id, on: db) }
    }

    /// The library as `account` sees it: approved templates and their own submissions.
    public func list(for account: Account.ID?) async throws -> [StickerTemplate] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.templateColumns) FROM templates
                WHERE status = 'approved' OR author_id = \(bind: account?.text ?? "-")
                ORDER BY CASE WHEN author_id IS NULL THEN 0 ELSE 1 END, name
                """
            ).all().map(Self.template(from:))
        }
    }

    /// Submissions waiting for a moderator, oldest first.
    public func pending() async throws -> [StickerTemplate] {
        try await withConnection { db in
            try await db.raw("SELECT \(unsafeRaw: Self.templateColumns) FROM templates WHERE status = 'pending' ORDER BY created_at")
                .all().map(Self.template(from:))
        }
    }

    /// Approves or rejects a pending submission, and logs it. Returns nil if there is no such template.
    public func review(id: String, approve: Bool, reason: String?, moderator: Account, now: Date? = nil) async throws
        -> StickerTemplate?
    {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let t = try await Self.template(id: id, on: db) else { return nil }
            guard t.status == .pending else { throw StoreError.conflict("the template was already \(t.status.rawValue)", field: "status") }
            try await db.raw(
                """
                UPDATE templates SET status = \(bind: approve ? "approved" : "rejected"), reject_reason = \(bind: approve ? nil : reason),
                  reviewed_by = \(bind: moderator.id.text), reviewed_at = \(bind: millis(now)) WHERE id = \(bind: id)
                """
            ).run()
            try await ModerationStore.logModeration(
                moderator: moderator, action: approve ? "approve_template" : "reject_template", targetKind: "template", targetID: id,
                note: reason, on: db,
                now: now)
            if let author = t.authorId {
                try await NotificationStore.notify(
                    NotificationDraft(
                        recipient: author, kind: .design, subject: id, detail: approve ? "approved" : "rejected: \(reason ?? "")"),
                    on: db, engine: engine, now: now)
            }
            return try await Self.template(id: id, on: db)
        }
    }
}

extension Optional {
    public func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}

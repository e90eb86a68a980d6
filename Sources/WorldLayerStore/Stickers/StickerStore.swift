import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// Stickers: writes, reads by id or author, expiry and archiving.
public struct StickerStore: StoreAggregate {
    let store: Store
}

extension StickerStore {
    /// Creates a sticker (unpublished, version 1) or edits one, which returns it to
    /// unpublished. Offline-safe: sending the same content again is not a second change.
    /// An edit must name the version it read (`expectedVersion`).
    public func put(
        id: Sticker.ID, draft: StickerDraft, author: Account, expectedVersion: Int?, now: Date? = nil
    ) async throws -> (Sticker, created: Bool) {
        let now = now ?? clock.now()
        return try await Store.creatingOnce {
            try await self.attemptPut(id: id, draft: draft, author: author, expectedVersion: expectedVersion, now: now)
        }
    }

    private func attemptPut(
        id: Sticker.ID, draft: StickerDraft, author: Account, expectedVersion: Int?, now: Date
    ) async throws -> (Sticker, created: Bool) {
        try await transaction { db in
            let existing = try await self.stickerForChange(id: id, on: db)
            if let existing {
                guard existing.sticker.author.id == author.id else { throw StickerWriteError.idTaken }
                let current = existing.sticker
                if current.state == .deleted {
                    throw StickerWriteError.invalidTransition(InvalidTransition(action: .edit, state: .deleted))
                }
                // A retried create or edit: the content is already there.
                if current.state == .unpublished, current.draft == draft { return (current, false) }
                if expectedVersion != current.version { throw StickerWriteError.versionConflict(current: current) }
            } else if try await db.raw("SELECT id FROM retired_sticker_ids WHERE id = \(bind: id.text)").first() != nil {
                throw StickerWriteError.idTaken  // a removed sticker's id: its old links must not show new content
            }
            let state: StickerState
            do throws(InvalidTransition) {
                if let existing {
                    state = try StickerLifecycle.next(after: .edit, from: existing.sticker.state)
                } else {
                    state = .unpublished
                }
            } catch { throw StickerWriteError.invalidTransition(error) }
            let placement = try PlacementRules.decide(
                draft, author: author.id, facts: try await Self.placementFacts(draft, author: author.id, on: db))
            let worldmap: Worldmap
            if let own = placement.privateWorldmap {
                worldmap = own
            } else {
                worldmap = try await WorldmapStore.publicWorldmap(cell: placement.cell, on: db, now: now)
            }
            let sticker = Sticker(
                id: id, author: StickerAuthor(id: author.id, username: author.username, displayName: author.displayName), state: state,
                draft: placement.draft, worldmapId: worldmap.id, worldmapIsPrivate: worldmap.isPrivate,
                cell: placement.cell.description,
                version: (existing?.sticker.version ?? 0) + 1, createdAt: existing?.sticker.createdAt ?? now, updatedAt: now)
            try await self.write(sticker, shares: placement.shares, before: existing, on: db, now: now)
            return (sticker, existing == nil)
        }
    }

    /// Publishes an unpublished sticker (`place_sticker()`), checking restricted zones again.
    /// A retried place (the sticker is already at `expectedVersion + 1`) returns it unchanged.
    public func place(id: Sticker.ID, author: Account.ID, expectedVersion: Int?, now: Date? = nil) async throws -> Sticker {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let existing = try await self.stickerForChange(id: id, on: db), existing.sticker.author.id == author else {
                throw StickerWriteError.notFound
            }
            var sticker = existing.sticker
            if sticker.state == .published, let expectedVersion, sticker.version == expectedVersion + 1 { return sticker }
            do throws(InvalidTransition) { sticker.state = try StickerLifecycle.next(after: .place, from: sticker.state) } catch {
                throw StickerWriteError.invalidTransition(error)
            }
            if let expectedVersion, expectedVersion != existing.sticker.version {
                throw StickerWriteError.versionConflict(current: existing.sticker)
            }
            if let zone = try await ZoneStore.zone(containing: sticker.anchor.coordinate, on: db) {
                throw StickerWriteError.restricted(RestrictedZoneViolation(zone: zone.name, kind: zone.kind))
            }
            sticker.version += 1
            sticker.updatedAt = now
            try await self.write(sticker, shares: existing.shares, before: existing, on: db, now: now)
            return sticker
        }
    }

    /// Ends a sticker from any state (`delete_sticker()`); it is archived, invisible,
    /// until purged. Deleting an already deleted sticker is not an error (a retry).
    public func delete(id: Sticker.ID, author: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            guard let existing = try await self.stickerForChange(id: id, on: db), existing.sticker.author.id == author else {
                throw StickerWriteError.notFound
            }
            try await self.end(id, on: db, now: now)
        }
    }

    /// Moves a sticker to deleted, archived from `now`, and logs the change.
    func end(_ id: Sticker.ID, on db: any SQLDatabase, now: Date) async throws {
        guard let existing = try await stickerForChange(id: id, on: db), existing.sticker.state != .deleted else { return }
        var sticker = existing.sticker
        sticker.state = .deleted
        sticker.version += 1
        sticker.updatedAt = now
        try await write(sticker, shares: existing.shares, before: existing, on: db, now: now)
    }

    /// A sticker as `viewer` may see it; nil when it does not exist or they may not see it.
    public func sticker(id: Sticker.ID, viewer: Viewer, now: Date? = nil) async throws -> Sticker? {
        let now = now ?? clock.now()
        return try await withConnection { db in
            guard let stored = try await Self.storedSticker(id: id, on: db) else { return nil }
            let audience = Self.audience(stored.sticker, shares: stored.shares)
            return viewer.canSee(audience, now: now) ? stored.sticker.seen(by: viewer.accountID) : nil
        }
    }

    /// The author's own living stickers, newest change first (drafts included).
    public func stickers(by author: Account.ID, limit: Int = 200) async throws -> [Sticker] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT body FROM stickers WHERE author_id = \(bind: author.text) AND state <> 'deleted'
                ORDER BY updated_at DESC LIMIT \(bind: limit)
                """
            ).all().map { try StoreJSON.sticker(try $0.decode(column: "body", as: String.self)) }
        }
    }

    // MARK: - Writing

    /// A sticker row as read for a change: the sticker and whom it is shared with.
    struct StoredSticker: Sendable, Equatable {
        var sticker: Sticker
        var shares: [Account.ID]
    }

    /// The sticker as a change reads it: on PostgreSQL its row is locked until the transaction ends, so
    /// two changes of one version run one after the other and the second sees the first (a 409, not a lost
    /// edit). SQLite's transactions already run one at a time.
    func stickerForChange(id: Sticker.ID, on db: any SQLDatabase) async throws -> StoredSticker? {
        try await Self.storedSticker(id: id, on: db, lockingRow: engine == .postgres)
    }

    static func storedSticker(id: Sticker.ID, on db: any SQLDatabase, lockingRow: Bool = false) async throws -> StoredSticker? {
        let lock: SQLQueryString = lockingRow ? " FOR UPDATE" : ""
        guard let row = try await db.raw("SELECT body FROM stickers WHERE id = \(bind: id.text)\(lock)").first() else { return nil }
        let sticker = try StoreJSON.sticker(try row.decode(column: "body", as: String.self))
        let shares = try await db.raw("SELECT account_id FROM sticker_shares WHERE sticker_id = \(bind: id.text)").all()
            .compactMap { Account.ID(try $0.decode(column: "account_id", as: String.self)) }
        return StoredSticker(sticker: sticker, shares: shares)
    }

    static func audience(_ s: Sticker, shares: [Account.ID]) -> StickerAudience {
        StickerAudience(
            author: s.author.id, state: s.state, visibility: s.visibility, privateWorldmap: s.worldmapIsPrivate ? s.worldmapId : nil,
            expiresAt: s.expiresAt, sharedWith: Set(shares), sharedGroups: s.groupIDs, ageRestricted: s.isAgeRestricted)
    }

    private func write(_ s: Sticker, shares: [Account.ID], before: StoredSticker?, on db: any SQLDatabase, now: Date) async throws {
        let body = try StoreJSON.string(s)
        let cell = cellRaw(s.cell) ?? 0
        let strip = LongitudeStrip.of(longitude: s.anchor.longitude)
        let deletedAt: Int64? = s.state == .deleted ? millis(now) : nil
        let placeKey =
            engine == .sqlite
            ? try await Store.placeKey(
                for: s.id, row: CellID(rawValue: UInt64(bitPattern: cell))?.row ?? 0, strip: strip,
                latitude: s.anchor.latitude, isNew: before == nil, on: db)
            : nil
        if before == nil {
            try await db.raw(
                """
                INSERT INTO stickers (\(unsafeRaw: placeKey == nil ? "" : "place_key, ")id, author_id, state, visibility, worldmap_id, private_worldmap_id,
                                      template_id, cell, strip, latitude, longitude, expires_at, deleted_at, version, body, created_at, updated_at, age_restricted)
                VALUES (\(placeKey.map { "\(bind: $0), " as SQLQueryString } ?? "")\(bind: s.id.text), \(bind: s.author.id.text), \(bind: s.state.rawValue), \(bind: s.visibility.rawValue), \(bind: s.worldmapId.text),
                        \(bind: s.worldmapIsPrivate ? s.worldmapId.text : nil), \(bind: s.templateId), \(bind: cell), \(bind: strip),
                        \(bind: s.anchor.latitude), \(bind: s.anchor.longitude), \(bind: s.expiresAt.map(millis)), \(bind: deletedAt), \(bind: s.version), \(bind: body),
                        \(bind: millis(s.createdAt)), \(bind: millis(s.updatedAt)), \(bind: s.isAgeRestricted ? 1 : 0))
                """
            ).run()
        } else {
            try await db.raw(
                """
                UPDATE stickers SET state = \(bind: s.state.rawValue), visibility = \(bind: s.visibility.rawValue), worldmap_id = \(bind: s.worldmapId.text),
                  private_worldmap_id = \(bind: s.worldmapIsPrivate ? s.worldmapId.text : nil), template_id = \(bind: s.templateId), cell = \(bind: cell),
                  strip = \(bind: strip), latitude = \(bind: s.anchor.latitude), longitude = \(bind: s.anchor.longitude),
                  expires_at = \(bind: s.expiresAt.map(millis)),
                  deleted_at = \(bind: deletedAt), version = \(bind: s.version), body = \(bind: body), updated_at = \(bind: millis(s.updatedAt)),
                  age_restricted = \(bind: s.isAgeRestricted ? 1 : 0)
                  \(placeKey.map { ", place_key = \(bind: $0)" as SQLQueryString } ?? "")
                WHERE id = \(bind: s.id.text)
                """
            ).run()
        }
        if before?.shares != shares {
            try await db.raw("DELETE FROM sticker_shares WHERE sticker_id = \(bind: s.id.text)").run()
            for account in shares {
                try await db.raw("INSERT INTO sticker_shares (sticker_id, account_id) VALUES (\(bind: s.id.text), \(bind: account.text))")
                    .run()
            }
        }
        if before?.sticker.groupIDs != s.groupIDs {
            try await db.raw("DELETE FROM sticker_group_shares WHERE sticker_id = \(bind: s.id.text)").run()
            for group in s.groupIDs {
                try await db.raw("INSERT INTO sticker_group_shares (sticker_id, group_id) VALUES (\(bind: s.id.text), \(bind: group.text))")
                    .run()
            }
        }
        if before?.sticker.tags != s.tags {
            try await db.raw("DELETE FROM sticker_tags WHERE sticker_id = \(bind: s.id.text)").run()
            for tag in Set(s.tags) {
                try await db.raw("INSERT INTO sticker_tags (sticker_id, tag) VALUES (\(bind: s.id.text), \(bind: tag))").run()
            }
        }
        let previousCell = before.flatMap { cellRaw($0.sticker.cell) }
        try await ChangeLog.appendEvent(
            kind: .sticker, stickerID: s.id, accountID: s.author.id, cells: [cell] + (previousCell.map { [$0] } ?? []),
            before: before.map { Self.audience($0.sticker, shares: $0.shares) }, after: Self.audience(s, shares: shares),
            body: s.state == .deleted ? nil : s, on: db, engine: engine, now: now)
        if s.state == .published, before?.sticker.state != .published {
            try await NotificationStore.stickerPublished(s, audience: Self.audience(s, shares: shares), on: db, engine: engine, now: now)
        }
    }

    // MARK: - Checks before a write

    /// Looks up what the draft refers to (template, people, groups, worldmap, zone) for ``PlacementRules``.
    static func placementFacts(_ draft: StickerDraft, author: Account.ID, on db: any SQLDatabase) async throws -> PlacementFacts {
        var accountsByKey: [String: PlacementFacts.NamedAccount] = [:]
        if !draft.sharedWith.isEmpty {
            let keys = draft.sharedWith.map(AccountRules.key)
            let rows = try await db.raw(
                "SELECT id, username, username_key FROM accounts WHERE username_key IN (\(SQLList(keys.map { SQLBind($0) })))"
            ).all()
            for row in rows {
                accountsByKey[try row.decode(column: "username_key", as: String.self)] = PlacementFacts.NamedAccount(
                    id: try row.decodeID(column: "id"),
                    username: try row.decode(column: "username", as: String.self))
            }
        }
        var authorGroups: Set<String> = []
        if let groups = draft.sharedWithGroups, !groups.isEmpty {
            authorGroups = Set(
                try await db.raw(
                    "SELECT group_id FROM group_members WHERE account_id = \(bind: author.text) AND group_id IN (\(SQLList(groups.map { SQLBind($0) })))"
                ).all().map { try $0.decode(column: "group_id", as: String.self) })
        }
        var worldmap: Worldmap?
        var isMember = false
        if let wid = draft.worldmapId {
            worldmap = try await WorldmapStore.worldmap(id: wid, on: db)
            isMember =
                try await db.raw(
                    "SELECT 1 AS x FROM worldmap_members WHERE worldmap_id = \(bind: wid.text) AND account_id = \(bind: author.text)"
                ).first() != nil
        }
        return PlacementFacts(
            template: try await TemplateStore.template(id: draft.templateId, on: db), accountsByKey: accountsByKey,
            authorGroups: authorGroups, worldmap: worldmap, isWorldmapMember: isMember,
            zone: try await ZoneStore.zone(containing: draft.anchor.coordinate, on: db))
    }
}

import Foundation
import SQLKit
import WorldLayerCore

/// What an invite link led to.
public enum InviteAcceptance: Sendable, Equatable {
    /// A member now (or already).
    case joined(Worldmap)
    /// Unknown, used up, expired, or its worldmap gone: the same answer for each.
    case unknown
}

extension WorldmapStore {
    /// Keeps an invite link to a private worldmap by the hash of its secret.
    public func createInvite(
        worldmap: Worldmap.ID, by owner: Account.ID, tokenHash: String, singleUse: Bool, expiresAt: Date, now: Date? = nil
    ) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO worldmap_invites (token_hash, worldmap_id, created_by, single_use, expires_at, created_at)
                VALUES (\(bind: tokenHash), \(bind: worldmap.text), \(bind: owner.text), \(bind: singleUse ? 1 : 0), \(bind: millis(expiresAt)), \(bind: millis(now)))
                """
            ).run()
        }
    }

    /// Makes `account` a member of the link's worldmap. A single-use link is spent by the one who
    /// joins with it (two at once: one joins), and leads that person back to it; a member already
    /// does not spend it.
    public func acceptInvite(tokenHash: String, account: Account.ID, now: Date? = nil) async throws -> InviteAcceptance {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard
                let row = try await db.raw(
                    "SELECT worldmap_id, single_use, used_by FROM worldmap_invites WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: millis(now))"
                ).first(),
                let id = Worldmap.ID(try row.decode(column: "worldmap_id", as: String.self)),
                let map = try await Self.worldmap(id: id, on: db), map.isPrivate
            else { return .unknown }
            let isMember =
                try await db.raw(
                    "SELECT 1 AS x FROM worldmap_members WHERE worldmap_id = \(bind: id.text) AND account_id = \(bind: account.text)"
                ).first() != nil
            let usedBy = try row.decode(column: "used_by", as: String?.self)
            if try row.decode(column: "single_use", as: Int.self) != 0 {
                // Spent: by this person, it leads where it led (while they are a member); by anyone else, nowhere.
                if let usedBy { return usedBy == account.text && isMember ? .joined(map) : .unknown }
                if isMember || map.ownerId == account { return .joined(map) }  // a member opening it does not spend it
                let spent = try await db.raw(
                    "UPDATE worldmap_invites SET used_by = \(bind: account.text) WHERE token_hash = \(bind: tokenHash) AND used_by IS NULL RETURNING token_hash"
                ).all()
                guard !spent.isEmpty else { return .unknown }
            } else if isMember || map.ownerId == account {
                return .joined(map)
            }
            try await db.raw(
                "INSERT INTO worldmap_members (worldmap_id, account_id, added_at) VALUES (\(bind: id.text), \(bind: account.text), \(bind: millis(now)))"
            ).run()
            try await store.changes.appendRelationEvents(for: [account], on: db, now: now)
            return .joined(map)
        }
    }

    /// Ends every invite link of a worldmap; returns how many there were.
    @discardableResult
    public func revokeInvites(worldmap: Worldmap.ID) async throws -> Int {
        try await transaction { db in
            try await db.raw("DELETE FROM worldmap_invites WHERE worldmap_id = \(bind: worldmap.text) RETURNING token_hash").all().count
        }
    }

    /// How many of a worldmap's invite links still work.
    public func liveInvites(worldmap: Worldmap.ID, now: Date? = nil) async throws -> Int {
        let now = now ?? clock.now()
        return try await withConnection { db in
            Int(
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM worldmap_invites WHERE worldmap_id = \(bind: worldmap.text) AND expires_at > \(bind: millis(now))"
                ).first()?.decode(column: "n", as: Int64.self) ?? 0)
        }
    }
}

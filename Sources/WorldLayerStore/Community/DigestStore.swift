import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// An account's digest settings.
public struct DigestSettings: Codable, Sendable, Equatable {
    public var weeklyDigest: Bool
    /// Where "near you" is; the digest has no nearby sections without it.
    public var home: Coordinate?

    public init(weeklyDigest: Bool, home: Coordinate?) {
        self.weeklyDigest = weeklyDigest
        self.home = home
    }
}

/// Someone to build a digest for.
public struct DigestRecipient: Sendable {
    public var account: Account
    public var home: Coordinate?
}

extension CommunityStore {
    public func digestSettings(_ accountID: Account.ID) async throws -> DigestSettings {
        try await withConnection { db in
            guard
                let row = try await db.raw(
                    "SELECT digest_opt_in, home_latitude, home_longitude FROM accounts WHERE id = \(bind: accountID.text)"
                ).first()
            else { return DigestSettings(weeklyDigest: false, home: nil) }
            return DigestSettings(weeklyDigest: try row.decode(column: "digest_opt_in", as: Int.self) != 0, home: try Self.home(row))
        }
    }

    private static func home(_ row: any SQLRow) throws -> Coordinate? {
        guard let lat = try row.decode(column: "home_latitude", as: Double?.self),
            let lon = try row.decode(column: "home_longitude", as: Double?.self)
        else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    public func setDigestSettings(_ s: DigestSettings, accountID: Account.ID, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                UPDATE accounts SET digest_opt_in = \(bind: s.weeklyDigest ? 1 : 0), home_latitude = \(bind: s.home?.latitude), home_longitude = \(bind: s.home?.longitude),
                  updated_at = \(bind: millis(now)) WHERE id = \(bind: accountID.text)
                """
            ).run()
        }
    }

    /// Opted-in accounts without a digest for `week` yet.
    public func digestRecipients(week: String) async throws -> (due: [DigestRecipient], alreadySent: Int) {
        try await withConnection { db in
            let rows = try await db.raw(
                """
                SELECT \(unsafeRaw: AccountStore.accountColumns), home_latitude, home_longitude,
                  EXISTS (SELECT 1 FROM digest_deliveries d WHERE d.account_id = accounts.id AND d.week = \(bind: week)) AS sent
                FROM accounts WHERE digest_opt_in = 1 ORDER BY username_key
                """
            ).all()
            var due: [DigestRecipient] = [], sent = 0
            for row in rows {
                if try row.decode(column: "sent", as: Bool.self) { sent += 1; continue }
                due.append(DigestRecipient(account: try AccountStore.account(from: row), home: try Self.home(row)))
            }
            return (due, sent)
        }
    }

    /// Takes the right to send `accountID`'s digest for `week` as `holder`: true when no one holds it,
    /// or its holder took it more than `lease` ago and never recorded it sent (a run that died).
    /// False when another run holds it or it was sent: then this run leaves that person alone.
    public func claimDigest(accountID: Account.ID, week: String, holder: String, lease: TimeInterval = 600, now: Date? = nil)
        async throws -> Bool
    {
        let now = now ?? clock.now()
        do {
            try await transaction { db in
                try await db.raw(
                    """
                    INSERT INTO digest_claims (account_id, week, holder, claimed_at)
                    VALUES (\(bind: accountID.text), \(bind: week), \(bind: holder), \(bind: millis(now)))
                    """
                ).run()
            }
            return true
        } catch  where Store.isUniqueViolation(error) {
            // Held already: taken over only when its lease ran out and nothing was sent.
            return try await transaction { db in
                try await !db.raw(
                    """
                    UPDATE digest_claims SET holder = \(bind: holder), claimed_at = \(bind: millis(now))
                    WHERE account_id = \(bind: accountID.text) AND week = \(bind: week)
                      AND claimed_at < \(bind: millis(now.addingTimeInterval(-lease)))
                      AND NOT EXISTS (SELECT 1 FROM digest_deliveries d WHERE d.account_id = \(bind: accountID.text) AND d.week = \(bind: week))
                    RETURNING account_id
                    """
                ).all().isEmpty
            }
        }
    }

    /// Gives back a claim `holder` took and could not send under (the mail server refused): the next
    /// run sends it at once, not after the lease.
    public func releaseDigest(accountID: Account.ID, week: String, holder: String) async throws {
        try await transaction { db in
            try await db.raw(
                "DELETE FROM digest_claims WHERE account_id = \(bind: accountID.text) AND week = \(bind: week) AND holder = \(bind: holder)"
            ).run()
        }
    }

    /// Records a sent digest; false when this account already had one this week (a concurrent run sent it).
    public func recordDigest(accountID: Account.ID, week: String, stickers: Int, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        do {
            try await transaction { db in
                try await db.raw(
                    """
                    INSERT INTO digest_deliveries (account_id, week, sent_at, stickers)
                    VALUES (\(bind: accountID.text), \(bind: week), \(bind: millis(now)), \(bind: stickers))
                    """
                ).run()
            }
            return true
        } catch  where Store.isUniqueViolation(error) {
            return false
        }
    }

    /// Published stickers created in `interval` that `viewer` may see, newest first: by the feed's rule
    /// (people, tags, groups followed) and, when `near` is given, anything within `radius` metres of it.
    public func stickers(createdIn interval: DateInterval, viewer: Viewer, near: Coordinate?, radius: Double = 1_000) async throws -> (
        nearby: [NearbySticker], followed: [FeedItem]
    ) {
        let nearby =
            try await near.asyncMap {
                try await store.nearby.search(center: $0, radius: radius, viewer: viewer.accountID, limit: 200)
            } ?? []
        var followed: [FeedItem] = []
        var cursor: FeedCursor? = FeedCursor(createdAt: millis(interval.end), id: "ffffffff-ffff-ffff-ffff-ffffffffffff")
        while let c = cursor {
            let page = try await feed(viewer: viewer, before: c, limit: 50)
            let inside = page.items.filter { $0.sticker.createdAt >= interval.start }
            followed += inside
            cursor = inside.count == page.items.count ? page.next : nil
        }
        return (nearby.filter { interval.contains($0.sticker.createdAt) && $0.sticker.author.id != viewer.accountID }, followed)
    }
}

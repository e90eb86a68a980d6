import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

public enum AdWriteError: Error, Equatable {
    /// No such ad, or not this advertiser's (the same answer).
    case notFound
    /// The ad's state does not allow this.
    case invalidTransition(String)
}

/// Advertisers and their ads.
public struct AdStore: StoreAggregate {
    let store: Store
}

extension AdStore {
    // MARK: Advertisers

    public func setAdvertiser(accountID: Account.ID, name: String?, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw("DELETE FROM advertisers WHERE account_id = \(bind: accountID.text)").run()
            if let name {
                try await db.raw(
                    "INSERT INTO advertisers (account_id, name, created_at) VALUES (\(bind: accountID.text), \(bind: name), \(bind: millis(now)))"
                ).run()
            }
        }
    }

    /// The advertiser name of an account, or nil when it is not an advertiser.
    public func advertiserName(_ accountID: Account.ID) async throws -> String? {
        try await withConnection { db in
            try await db.raw("SELECT name FROM advertisers WHERE account_id = \(bind: accountID.text)").first()?.decode(
                column: "name", as: String.self)
        }
    }

    // MARK: Ads

    private static func ad(from row: any SQLRow) throws -> Ad {
        try StoreJSON.decode(Ad.self, try row.decode(column: "body", as: String.self))
    }

    private static func save(_ ad: Ad, isNew: Bool, on db: any SQLDatabase) async throws {
        let b = ad.draft.area.bounds
        let body = try StoreJSON.string(ad)
        if isNew {
            try await db.raw(
                """
                INSERT INTO ads (id, advertiser_id, status, body, south, west, north, east, starts_at, ends_at, updated_at)
                VALUES (\(bind: ad.id.text), \(bind: ad.advertiserId.text), \(bind: ad.status.rawValue), \(bind: body), \(bind: b.south), \(bind: b.west),
                        \(bind: b.north), \(bind: b.east), \(bind: millis(ad.draft.startsAt)), \(bind: millis(ad.draft.endsAt)), \(bind: millis(ad.updatedAt)))
                """
            ).run()
        } else {
            try await db.raw(
                """
                UPDATE ads SET status = \(bind: ad.status.rawValue), body = \(bind: body), south = \(bind: b.south), west = \(bind: b.west), north = \(bind: b.north),
                  east = \(bind: b.east), starts_at = \(bind: millis(ad.draft.startsAt)), ends_at = \(bind: millis(ad.draft.endsAt)), updated_at = \(bind: millis(ad.updatedAt))
                WHERE id = \(bind: ad.id.text)
                """
            ).run()
        }
    }

    /// Creates an ad (as a draft) or edits one; an edit of a submitted, approved or rejected ad makes it a draft
    /// again, to be submitted and reviewed anew. A retried create with the same id changes nothing.
    public func put(id: Ad.ID, draft: AdDraft, advertiser: Account.ID, name: String, now: Date? = nil) async throws -> (Ad, created: Bool) {
        let now = now ?? clock.now()
        return try await transaction { db in
            let at = date(millis: millis(now))
            guard let row = try await db.raw("SELECT body FROM ads WHERE id = \(bind: id.text)").first() else {
                let ad = Ad(
                    id: id, advertiserId: advertiser, advertiser: name, status: .draft, draft: draft, rejectReason: nil, createdAt: at,
                    updatedAt: at)
                try await Self.save(ad, isNew: true, on: db)
                return (ad, true)
            }
            var ad = try Self.ad(from: row)
            guard ad.advertiserId == advertiser else { throw AdWriteError.notFound }
            if ad.draft == draft { return (ad, false) }
            guard ad.status != .pulled else { throw AdWriteError.invalidTransition("a pulled ad is final; make a new one") }
            ad.draft = draft
            ad.status = .draft
            ad.rejectReason = nil
            ad.updatedAt = at
            try await Self.save(ad, isNew: false, on: db)
            return (ad, false)
        }
    }

    /// Moves an ad along its lifecycle: submit (draft → pending) or pull (any → pulled), by its advertiser.
    public func change(id: Ad.ID, advertiser: Account.ID, to status: Ad.Status, now: Date? = nil) async throws -> Ad {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let row = try await db.raw("SELECT body FROM ads WHERE id = \(bind: id.text)").first() else {
                throw AdWriteError.notFound
            }
            var ad = try Self.ad(from: row)
            guard ad.advertiserId == advertiser else { throw AdWriteError.notFound }
            if ad.status == status { return ad }
            switch (ad.status, status) {
            case (.draft, .pending), (_, .pulled): break
            default: throw AdWriteError.invalidTransition("a \(ad.status.rawValue) ad cannot become \(status.rawValue)")
            }
            ad.status = status
            ad.updatedAt = date(millis: millis(now))
            try await Self.save(ad, isNew: false, on: db)
            return ad
        }
    }

    /// A moderator's decision on a pending ad, logged. Nil when there is no such pending ad.
    public func review(id: Ad.ID, approve: Bool, reason: String?, moderator: Account, now: Date? = nil) async throws -> Ad? {
        let now = now ?? clock.now()
        return try await transaction { db in
            guard let row = try await db.raw("SELECT body FROM ads WHERE id = \(bind: id.text) AND status = 'pending'").first() else {
                return nil
            }
            var ad = try Self.ad(from: row)
            ad.status = approve ? .approved : .rejected
            ad.rejectReason = approve ? nil : reason
            ad.updatedAt = date(millis: millis(now))
            try await Self.save(ad, isNew: false, on: db)
            try await ModerationStore.logModeration(
                moderator: moderator, action: approve ? "approve_ad" : "reject_ad", targetKind: "ad", targetID: id.text, note: reason,
                on: db, now: now)
            return ad
        }
    }

    public func ad(id: Ad.ID) async throws -> Ad? {
        try await withConnection { db in try await db.raw("SELECT body FROM ads WHERE id = \(bind: id.text)").first().map(Self.ad(from:)) }
    }

    public func list(of advertiser: Account.ID) async throws -> [Ad] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM ads WHERE advertiser_id = \(bind: advertiser.text) ORDER BY updated_at DESC, id").all().map(
                Self.ad(from:))
        }
    }

    public func pending() async throws -> [Ad] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM ads WHERE status = 'pending' ORDER BY updated_at, id").all().map(Self.ad(from:))
        }
    }

    /// Approved ads whose area holds `position` and whose schedule holds `now`.
    public func showing(at position: Coordinate, now: Date? = nil) async throws -> [Ad] {
        let now = now ?? clock.now()
        return try await withConnection { db in
            try await db.raw(
                """
                SELECT body FROM ads WHERE status = 'approved' AND south <= \(bind: position.latitude) AND north >= \(bind: position.latitude)
                  AND west <= \(bind: position.longitude) AND east >= \(bind: position.longitude)
                  AND starts_at <= \(bind: millis(now)) AND ends_at > \(bind: millis(now))
                """
            ).all().map(Self.ad(from:)).filter { $0.isShowing(to: position, at: now) }
        }
    }
}

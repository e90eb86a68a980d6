import Foundation
import SQLKit
import WorldLayerCore

public enum TourSaveError: Error, Equatable {
    /// Another tour already has this slug.
    case slugTaken(String)
    /// Media the tour refers to that the library does not have.
    case missingMedia([String])
}

/// Tours, stamps and the media they play.
public struct TourStore: StoreAggregate {
    let store: Store
}

extension TourStore {
    /// Creates or replaces a tour as a whole (stops, media, beacons). Visitors' stamps for stops that are
    /// still in the tour survive a replacement.
    public func save(_ tour: Tour, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        var tour = tour
        tour.updatedAt = date(millis: millis(now))
        let missing = try await missingMedia(tour.media.map(\.id))
        guard missing.isEmpty else { throw TourSaveError.missingMedia(missing) }
        let saved = tour
        do {
            try await transaction { db in
                let id = saved.id.text
                let body = try StoreJSON.string(saved)
                if try await db.raw("SELECT id FROM tours WHERE id = \(bind: id)").first() != nil {
                    try await db.raw(
                        "UPDATE tours SET slug = \(bind: saved.slug), mode = \(bind: saved.mode.rawValue), body = \(bind: body), updated_at = \(bind: millis(now)) WHERE id = \(bind: id)"
                    ).run()
                } else {
                    try await db.raw(
                        "INSERT INTO tours (id, slug, mode, body, updated_at) VALUES (\(bind: id), \(bind: saved.slug), \(bind: saved.mode.rawValue), \(bind: body), \(bind: millis(now)))"
                    ).run()
                }
                try await db.raw("DELETE FROM tour_media WHERE tour_id = \(bind: id)").run()
                for m in saved.media {
                    try await db.raw("INSERT INTO tour_media (tour_id, media_id) VALUES (\(bind: id), \(bind: m.id))").run()
                }
            }
        } catch  where Store.isUniqueViolation(error) {
            throw TourSaveError.slugTaken(tour.slug)
        }
    }

    /// Every tour, by title.
    public func list() async throws -> [Tour] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM tours").all().map {
                try StoreJSON.decode(Tour.self, try $0.decode(column: "body", as: String.self))
            }
        }
        .sorted { ($0.title, $0.id.text) < ($1.title, $1.id.text) }
    }

    public func tour(id: Tour.ID) async throws -> Tour? {
        try await tour(where: "id = \(bind: id.text)")
    }

    /// A tour by its id or its slug.
    public func tour(idOrSlug text: String) async throws -> Tour? {
        if let id = Tour.ID(text) { return try await tour(id: id) }
        return try await tour(where: "slug = \(bind: text.lowercased())")
    }

    private func tour(where condition: SQLQueryString) async throws -> Tour? {
        try await withConnection { db in
            guard let row = try await db.raw("SELECT body FROM tours WHERE \(condition)").first() else { return nil }
            return try StoreJSON.decode(Tour.self, try row.decode(column: "body", as: String.self))
        }
    }

    /// Deletes a tour with its groups, passkeys, participants, questions and progress.
    public func delete(id: Tour.ID) async throws -> Bool {
        try await transaction { db in
            guard try await db.raw("SELECT id FROM tours WHERE id = \(bind: id.text)").first() != nil else { return false }
            try await db.raw("DELETE FROM tours WHERE id = \(bind: id.text)").run()
            return true
        }
    }

    // MARK: Guides

    public func setGuide(accountID: Account.ID, tourID: Tour.ID, isGuide: Bool) async throws {
        try await transaction { db in
            try await db.raw("DELETE FROM tour_guides WHERE tour_id = \(bind: tourID.text) AND account_id = \(bind: accountID.text)").run()
            if isGuide {
                try await db.raw("INSERT INTO tour_guides (tour_id, account_id) VALUES (\(bind: tourID.text), \(bind: accountID.text))")
                    .run()
            }
        }
    }

    public func isGuide(accountID: Account.ID, tourID: Tour.ID) async throws -> Bool {
        try await withConnection { db in
            try await db.raw(
                "SELECT 1 AS yes FROM tour_guides WHERE tour_id = \(bind: tourID.text) AND account_id = \(bind: accountID.text)"
            ).first() != nil
        }
    }

    public func guides(tourID: Tour.ID) async throws -> [Account] {
        try await withConnection { db in
            try await db.raw(
                "SELECT \(unsafeRaw: AccountStore.accountColumns) FROM accounts WHERE id IN (SELECT account_id FROM tour_guides WHERE tour_id = \(bind: tourID.text)) ORDER BY username"
            ).all().map(AccountStore.account(from:))
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerStore

/// Who may see what of a tour. Every tour is listed (a visitor picks one before entering a passkey);
/// a guided tour's stops, media and beacons are for its participants, its guides and admins only.
enum TourAccess {
    /// The tour named in the path, whatever its mode; 404 when there is none.
    static func listed(tours: TourStore, context: AppRequestContext) async throws -> Tour {
        guard let text = context.parameters.get("tour"), let tour = try await tours.tour(idOrSlug: text) else {
            throw APIError.notFound("no such tour")
        }
        return tour
    }

    /// The tour named in the path, if the caller may walk it; 403 `passkey_required` otherwise.
    static func walkable(tours: TourStore, context: AppRequestContext) async throws -> Tour {
        let tour = try await listed(tours: tours, context: context)
        guard maySeeStops(tour, context: context, isGuide: try await isGuide(tours: tours, context: context, tour: tour)) else {
            throw APIError(.passkeyRequired, message: "“\(tour.title)” is a guided tour: redeem a passkey from your guide first")
        }
        return tour
    }

    static func maySeeStops(_ tour: Tour, context: AppRequestContext, isGuide: Bool) -> Bool {
        tour.mode == .open || isGuide || context.participant?.tourId == tour.id
    }

    /// Admins guide every tour; others guide the tours an admin named them for.
    static func isGuide(tours: TourStore, context: AppRequestContext, tour: Tour) async throws -> Bool {
        guard let account = context.account else { return false }
        if account.role == .admin { return true }
        return try await tours.isGuide(accountID: account.id, tourID: tour.id)
    }

    /// The signed-in guide of the tour, or a 401/403.
    static func requireGuide(tours: TourStore, context: AppRequestContext, tour: Tour) async throws -> Account {
        let account = try context.requireAccount()
        guard try await isGuide(tours: tours, context: context, tour: tour) else {
            throw APIError(.forbidden, message: "only a guide of “\(tour.title)” may do this")
        }
        return account
    }
}

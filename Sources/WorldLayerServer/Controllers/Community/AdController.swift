import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore

/// Sticker ads: advertisers write, submit and pull them; moderators approve or reject them; people
/// inside an approved ad's area during its schedule see it, labelled as an ad.
struct AdController {
    let ads: AdStore
    let advertising: Advertising

    func register(_ routes: Routes) {
        routes.on(.put, "/v1/ads/{id}", use: put)
        routes.on(.get, "/v1/ads/{id}", use: get)
        routes.on(.post, "/v1/ads/{id}/submit", use: submit)
        routes.on(.post, "/v1/ads/{id}/pull", use: pull)
        routes.on(.get, "/v1/me/ads", use: mine)
        routes.on(.get, "/v1/ads/nearby", use: showing)
        routes.on(.post, "/v1/moderation/ads/{id}/approve", use: approve)
        routes.on(.post, "/v1/moderation/ads/{id}/reject", use: reject)
    }

    /// The signed-in advertiser and their shown name; 403 for other accounts.
    private func advertiser(_ context: AppRequestContext) async throws -> (Account, String) {
        let account = try context.requireAccount()
        guard let name = try await ads.advertiserName(account.id) else {
            throw APIError(.notAnAdvertiser, message: "only advertiser accounts make ads; ask an admin")
        }
        return (account, name)
    }

    @Sendable func put(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await advertiser(context)
        let id: Ad.ID = try context.idParameter("id")
        let draft = try await request.decodeJSON(AdDraft.self, context: context)
        let (ad, created) = try await advertising.put(id, draft: draft, by: account.id, shownAs: name)
        return try .json(ad, status: created ? .created : .ok)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id: Ad.ID = try context.idParameter("id")
        let me = context.account
        guard let ad = try await ads.ad(id: id), ad.advertiserId == me?.id || me.map({ $0.role != .user }) == true else {
            throw APIError.notFound("no such ad")
        }
        return try .json(ad)
    }

    @Sendable func submit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, _) = try await advertiser(context)
        let id: Ad.ID = try context.idParameter("id")
        return try .json(try await ads.change(id: id, advertiser: account.id, to: .pending))
    }

    @Sendable func pull(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, _) = try await advertiser(context)
        let id: Ad.ID = try context.idParameter("id")
        return try .json(try await ads.change(id: id, advertiser: account.id, to: .pulled))
    }

    @Sendable func mine(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, _) = try await advertiser(context)
        return try .json(["ads": try await ads.list(of: account.id)])
    }

    /// What someone standing here sees now: approved ads whose area holds them, in schedule, labelled.
    struct Shown: Encodable {
        var id: String
        /// Always true: clients label these as ads.
        var sponsored = true
        var advertiser: String
        var templateId: String
        var text: String
        var color: String
        var size: Double
        var anchor: StickerAnchor
        var distance: Double
        var endsAt: Date
    }

    @Sendable func showing(_ request: Request, context: AppRequestContext) async throws -> Response {
        let here = try Query(request).coordinate()
        let shown = try await ads.showing(at: here).map { ad in
            Shown(
                id: ad.id.text, advertiser: ad.advertiser, templateId: ad.draft.templateId, text: ad.draft.text,
                color: ad.draft.color,
                size: ad.draft.size, anchor: ad.draft.anchor, distance: Geodesic.wgs84.inverse(here, ad.draft.anchor.coordinate).distance,
                endsAt: ad.draft.endsAt)
        }
        return try .json(["ads": shown.sorted { $0.distance < $1.distance }])
    }

    struct Review: Decodable {
        var reason: String?
    }

    private func review(_ request: Request, _ context: AppRequestContext, approve: Bool) async throws -> Response {
        let moderator = try context.requireModerator()
        let id: Ad.ID = try context.idParameter("id")
        let reason = try await request.decodeJSON(Review.self, context: context).reason
        guard let ad = try await advertising.review(id, approve: approve, reason: reason, by: moderator) else {
            throw APIError.notFound("no such pending ad")
        }
        return try .json(ad)
    }

    @Sendable func approve(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await review(request, context, approve: true)
    }

    @Sendable func reject(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await review(request, context, approve: false)
    }
}

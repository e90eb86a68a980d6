import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// The feed (stickers from people and tags I follow) and discovery (people and tags by prefix).
struct FeedController {
    let accounts: AccountStore
    let clock: WallClock
    let community: CommunityStore
    let nearby: NearbySearch
    let views: ViewTally

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/feed", use: feed)
        routes.on(.get, "/v1/search/people", use: people)
        routes.on(.get, "/v1/search/tags", use: tags)
        routes.on(.get, "/v1/suggestions", use: suggestions)
    }

    struct Item: Encodable {
        var sticker: Sticker
        /// Why it is here: someone I follow, or a tag I follow.
        var reason: FeedReason
        /// Metres from the position I sent, if I sent one.
        var distance: Double?
    }

    @Sendable func feed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let query = Query(request)
        let limit = try query.int("limit", in: 1...100, default: 20)
        let cursor = try query.items["cursor"].map { text in
            guard let c = FeedCursor(text: text) else {
                throw APIError.badRequest("'cursor' is not one this server gave", code: .invalidParameter)
            }
            return c
        }
        let here = query.items["latitude"] == nil && query.items["longitude"] == nil ? nil : try query.coordinate()
        let page = try await community.feed(viewer: try await accounts.viewer(me.id), before: cursor, limit: limit)
        struct Body: Encodable {
            var items: [Item]
            /// Send as `cursor` for the next page; absent at the end.
            var nextCursor: String?
        }
        let items = page.items.map { item in
            Item(
                sticker: item.sticker, reason: item.reason,
                distance: here.map { Geodesic.wgs84.inverse($0, item.sticker.anchor.coordinate).distance })
        }
        return try .json(Body(items: items, nextCursor: page.next?.text))
    }

    private func prefix(_ request: Request) throws -> (text: String, limit: Int) {
        let query = Query(request)
        return (try query.searchText(), try query.int("limit", in: 1...50, default: 20))
    }

    @Sendable func people(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (text, limit) = try prefix(request)
        return try .json(["people": try await community.searchPeople(text, viewer: context.account?.id, limit: limit)])
    }

    struct PopularSticker: Encodable {
        var sticker: Sticker
        var distance: Double
        /// Views in the last week, plus three per follower of its author.
        var score: Int
    }

    /// Popular tags (last 30 days) and groups, and popular stickers within 1 km of me (by views in the
    /// last week and their authors' followers) — all drawn from what I may see.
    @Sendable func suggestions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let here = query.items["latitude"] == nil && query.items["longitude"] == nil ? nil : try query.coordinate()
        let me = context.account?.id
        let now = clock.now()
        try? await views.flush(into: community)  // rank with this server's latest counts
        var stickers: [PopularSticker] = []
        if let here {
            let near = try await nearby.search(center: here, radius: 1_000, viewer: me, limit: 200)
                .filter { $0.sticker.author.id != me }
            let popularity = try await community.popularity(of: near.map(\.sticker.id), since: now.addingTimeInterval(-7 * 86_400))
            stickers = near.map { n in
                let p = popularity[n.sticker.id] ?? (0, 0)
                return PopularSticker(sticker: n.sticker, distance: n.distance, score: p.views + 3 * p.followers)
            }
            .filter { $0.score > 0 }.sorted { ($0.score, -$0.distance) > ($1.score, -$1.distance) }.prefix(20).map { $0 }
        }
        struct Body: Encodable {
            var tags: [TagCard]
            var groups: [StickerGroup]
            var stickers: [PopularSticker]
        }
        return try .json(
            Body(
                tags: try await community.popularTags(since: now.addingTimeInterval(-30 * 86_400), viewer: me, limit: 10),
                groups: try await community.popularGroups(viewer: me, limit: 10), stickers: stickers))
    }

    @Sendable func tags(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (text, limit) = try prefix(request)
        return try .json(["tags": try await community.searchTags(text, viewer: context.account?.id, limit: limit)])
    }
}

import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// The feed (stickers from people and tags I follow) and discovery (people and tags by prefix).
struct FeedController {
    let store: Store

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/feed", use: feed)
        routes.on(.get, "/v1/search/people", use: people)
        routes.on(.get, "/v1/search/tags", use: tags)
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
            guard let c = FeedCursor(text: text) else { throw APIError.badRequest("'cursor' is not one this server gave", code: "invalid_parameter") }
            return c
        }
        let here = query.items["latitude"] == nil && query.items["longitude"] == nil ? nil : try query.coordinate()
        let page = try await store.feed(viewer: try await store.viewer(me.id), before: cursor, limit: limit)
        struct Body: Encodable {
            var items: [Item]
            /// Send as `cursor` for the next page; absent at the end.
            var nextCursor: String?
        }
        let items = page.items.map { item in
            Item(sticker: item.sticker, reason: item.reason, distance: here.map { Geodesic.wgs84.inverse($0, item.sticker.anchor.coordinate).distance })
        }
        return try .json(Body(items: items, nextCursor: page.next?.text))
    }

    private func prefix(_ request: Request) throws -> (text: String, limit: Int) {
        let query = Query(request)
        let text = (query.items["q"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 100 else { throw APIError.badRequest("the query needs 'q': 1 to 100 characters", code: "missing_parameter") }
        return (text, try query.int("limit", in: 1...50, default: 20))
    }

    @Sendable func people(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (text, limit) = try prefix(request)
        return try .json(["people": try await store.searchPeople(text, viewer: context.account?.id, limit: limit)])
    }

    @Sendable func tags(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (text, limit) = try prefix(request)
        return try .json(["tags": try await store.searchTags(text, viewer: context.account?.id, limit: limit)])
    }
}

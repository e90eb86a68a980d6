import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore

/// Stickers: create and edit (idempotent PUT with a client-made id), place, delete,
/// read by id, nearby, by cell, and the caller's own.
struct StickerController {
    let accounts: AccountStore
    let changes: ChangeLog
    let community: CommunityStore
    let editing: StickerEditing
    let nearby: NearbySearch
    let stickers: StickerStore
    let views: ViewTally

    func register(_ routes: Routes) {
        routes.on(.put, "/v1/stickers/{id}", use: put)
        routes.on(.get, "/v1/stickers/{id}", use: get)
        routes.on(.delete, "/v1/stickers/{id}", use: delete)
        routes.on(.post, "/v1/stickers/{id}/place", use: place)
        routes.on(.get, "/v1/stickers/nearby", use: nearby)
        routes.on(.get, "/v1/cells/stickers", use: inCells)
        routes.on(.get, "/v1/cells/cover", use: cover)
        routes.on(.get, "/v1/me/stickers", use: mine)
    }

    /// The draft plus the version the client read (absent when creating).
    struct PutBody: Decodable {
        var draft: StickerDraft
        var version: Int?

        init(from decoder: any Decoder) throws {
            draft = try StickerDraft(from: decoder)
            version = try decoder.container(keyedBy: Key.self).decodeIfPresent(Int.self, forKey: .version)
        }

        enum Key: String, CodingKey { case version }
    }

    @Sendable func put(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id: Sticker.ID = try context.idParameter("id")
        let body = try await request.decodeJSON(PutBody.self, context: context)
        let (sticker, created) = try await editing.put(id: id, draft: body.draft, author: account, expectedVersion: body.version)
        return try .json(
            sticker, status: created ? .created : .ok, headers: created ? [.location: "/v1/stickers/\(id.text)"] : [:])
    }

    struct PlaceBody: Decodable {
        var version: Int?
    }

    @Sendable func place(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id: Sticker.ID = try context.idParameter("id")
        let version =
            request.headers[.contentLength] == "0" || request.headers[.contentType] == nil
            ? nil : try await request.decodeJSON(PlaceBody.self, context: context).version
        let sticker = try await self.stickers.place(id: id, author: account.id, expectedVersion: version)
        return try .json(sticker)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id: Sticker.ID = try context.idParameter("id")
        try await self.stickers.delete(id: id, author: account.id)
        return Response(status: .noContent)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id: Sticker.ID = try context.idParameter("id")
        guard let sticker = try await self.stickers.sticker(id: id, viewer: try await accounts.viewer(context.account?.id)) else {
            throw APIError.notFound("no such sticker")
        }
        // Views rank suggestions; counted in memory, written in batches.
        if sticker.author.id != context.account?.id { await views.add(id) }
        return try .json(sticker)
    }

    struct NearbyItem: Encodable {
        var sticker: Sticker
        var distance: Double
        var bearing: Double
    }

    struct NearbyPage: Encodable {
        var stickers: [NearbyItem]
        /// Pass back as `cursor` for the next page; absent on the last page.
        var next: String?
        /// The change-log position this answer is current to: follow the cells around from here.
        var seq: Int64

        /// What `JSONEncoder` writes for the page, written by hand (``WireJSONWriter``): encoding the
        /// 50 stickers took half of a nearby request's CPU. `NearbyPageJSONTests` compares the two.
        var wireJSON: [UInt8] {
            var w = WireJSONWriter(capacity: 1_024 + stickers.count * 768)
            w.object { w in
                if let next { w.key("next", next) }
                w.key("seq", Int(seq))
                w.key("stickers")
                w.array(stickers) { w, item in
                    w.object { w in
                        w.key("bearing", item.bearing)
                        w.key("distance", item.distance)
                        w.key("sticker")
                        w.sticker(item.sticker)
                    }
                }
            }
            return w.bytes
        }
    }

    @Sendable func nearby(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let center = try query.coordinate()
        let radius = try query.double("radius", in: 1...1_000, default: 100)
        let limit = try query.int("limit", in: 1...200, default: 50)
        let cursor = try query.items["cursor"].map { text in
            guard let c = NearbyCursor(text) else {
                throw APIError.badRequest("'cursor' is not one this server gave out", code: .invalidParameter)
            }
            return c
        }
        let layer = try await self.layer(query, context)
        // The position first: anything after it will also arrive as a change.
        let seq = try await changes.lastEventSeq()
        let (page, next) = try await searchLayer(
            layer, center: center, radius: radius, viewer: context.account?.id, limit: limit, after: cursor)
        return .json(
            bytes: NearbyPage(
                stickers: page.map { NearbyItem(sticker: $0.sticker, distance: $0.distance, bearing: $0.bearing) }, next: next, seq: seq
            ).wireJSON)
    }

    struct CellPage: Encodable {
        var stickers: [Sticker]
        /// The change-log position this answer is current to: subscribe or ask for changes from here.
        var seq: Int64
    }

    @Sendable func inCells(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let cells = try query.cells(maximum: 50)
        let layer = try await self.layer(query, context)
        let viewer = try await accounts.viewer(context.account?.id)
        // Read the position first: anything after it will also arrive as a change.
        let seq = try await changes.lastEventSeq()
        let stickers = try await nearby.stickers(inCells: cells, viewer: viewer).filter { layer?.includes($0) ?? true }
        return try .json(CellPage(stickers: stickers, seq: seq))
    }

    /// The cells a disc touches: what a client around a point loads and subscribes to live.
    @Sendable func cover(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let center = try query.coordinate()
        let radius = try query.double("radius", in: 1...1_000, default: 300)
        do {
            return try .json(["cells": try CellGrid.cover(center: center, radius: radius).map(\.description)])
        } catch {
            throw APIError.badRequest("cannot cover that disc with cells: \(error)", code: .invalidParameter)
        }
    }

    @Sendable func mine(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try .json(["stickers": try await self.stickers.stickers(by: account.id)])
    }

}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore

/// Worldmaps: the public one of each cell, private ones with members, and the
/// relocalization assets (snapshot photo, device map) of each.
struct WorldmapController {
    let accounts: AccountStore
    let blobs: BlobStore
    let worldmaps: WorldmapStore
    let invites: WorldmapInvites
    /// Bytes of relocalization assets each account may upload.
    let uploadBytes: RateLimiter

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/worldmaps", use: create)
        routes.on(.get, "/v1/me/worldmaps", use: mine)
        routes.on(.get, "/v1/cells/{cell}/worldmap", use: publicOfCell)
        routes.on(.get, "/v1/worldmaps/{id}", use: get)
        routes.on(.delete, "/v1/worldmaps/{id}", use: delete)
        routes.on(.get, "/v1/worldmaps/{id}/members", use: members)
        routes.on(.put, "/v1/worldmaps/{id}/members/{username}", use: addMember)
        routes.on(.delete, "/v1/worldmaps/{id}/members/{username}", use: removeMember)
        routes.on(.get, "/v1/worldmaps/{id}/assets", use: assets)
        routes.on(.post, "/v1/worldmaps/{id}/invites", use: invite)
        routes.on(.delete, "/v1/worldmaps/{id}/invites", use: revokeInvites)
        routes.on(.post, "/v1/invites/{token}", use: acceptInvite)
        for kind in WorldmapAssetKind.allCases {
            routes.on(.put, "/v1/worldmaps/{id}/\(kind.rawValue)") { try await putAsset(kind, $0, $1) }
            routes.on(.get, "/v1/worldmaps/{id}/\(kind.rawValue)") { try await getAsset(kind, $0, $1) }
        }
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(NewPrivateWorldmap.self, context: context)
        guard body.problems.isEmpty else { throw APIError.validation(body.problems) }
        let (worldmap, created) = try await worldmaps.createPrivate(
            id: body.id ?? Worldmap.ID(), name: body.trimmedName, cell: CellGrid.cell(containing: body.position), owner: account.id)
        return try .json(worldmap, status: created ? .created : .ok)
    }

    @Sendable func mine(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["worldmaps": try await worldmaps.privateWorldmaps(of: try context.requireAccount().id)])
    }

    @Sendable func publicOfCell(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let cell = context.parameters.get("cell").flatMap(CellID.init) else {
            throw APIError.badRequest("'cell' must be a cell id", code: .invalidId)
        }
        guard let worldmap = try await worldmaps.publicWorldmap(cell: cell) else {
            throw APIError.notFound("no sticker has been placed in this cell yet, so it has no worldmap")
        }
        return try .json(worldmap)
    }

    /// A worldmap the caller may see: public, or private with them as a member. Otherwise 404.
    private func visibleWorldmap(_ context: AppRequestContext) async throws -> Worldmap {
        let id: Worldmap.ID = try context.idParameter("id")
        guard let w = try await worldmaps.worldmap(id: id) else { throw APIError.notFound("no such worldmap") }
        if w.isPrivate {
            guard let me = context.account?.id, try await accounts.viewer(me).worldmaps.contains(id) else {
                throw APIError.notFound("no such worldmap")
            }
        }
        return w
    }

    private func ownedWorldmap(_ context: AppRequestContext) async throws -> Worldmap {
        let account = try context.requireAccount()
        let w = try await visibleWorldmap(context)
        guard w.isPrivate, w.ownerId == account.id else {
            throw APIError(.forbidden, message: "only the owner of a private worldmap may do this")
        }
        return w
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await visibleWorldmap(context))
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let w = try await ownedWorldmap(context)
        try await worldmaps.deletePrivate(id: w.id)
        return Response(status: .noContent)
    }

    @Sendable func members(_ request: Request, context: AppRequestContext) async throws -> Response {
        let w = try await visibleWorldmap(context)
        guard w.isPrivate else { throw APIError.notFound("a public worldmap has no members") }
        return try .json(["members": try await worldmaps.members(of: w.id)])
    }

    private func member(_ context: AppRequestContext) async throws -> Account {
        guard let username = context.parameters.get("username"), let account = try await accounts.account(username: username) else {
            throw APIError.notFound("no such user")
        }
        return account
    }

    @Sendable func addMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let w = try await ownedWorldmap(context)
        let account = try await member(context)
        try await worldmaps.setMembership(worldmap: w.id, account: account.id, member: true)
        return Response(status: .noContent)
    }

    @Sendable func removeMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let w = try await visibleWorldmap(context)
        let account = try await member(context)
        guard w.mayRemove(account.id, by: me.id) else { throw APIError(.forbidden, message: Worldmap.membershipRule) }
        try await worldmaps.setMembership(worldmap: w.id, account: account.id, member: false)
        return Response(status: .noContent)
    }

    /// An invite link: its secret is in the answer once, never again.
    struct InviteBody: Encodable {
        var token: String
        /// The app's page that joins with it.
        var link: String
        var singleUse: Bool
        var expiresAt: Date
    }

    @Sendable func invite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id: Worldmap.ID = try context.idParameter("id")
        let body = try await request.decodeJSON(NewInvite.self, context: context)
        let isMember = try await accounts.viewer(account.id).worldmaps.contains(id)
        let (token, expiresAt) = try await invites.invite(to: id, body, by: account.id, isMember: isMember)
        return try .json(
            InviteBody(token: token, link: "/#/join/\(token)", singleUse: body.singleUse, expiresAt: expiresAt), status: .created)
    }

    @Sendable func revokeInvites(_ request: Request, context: AppRequestContext) async throws -> Response {
        let w = try await ownedWorldmap(context)
        try await worldmaps.revokeInvites(worldmap: w.id)
        return Response(status: .noContent)
    }

    @Sendable func acceptInvite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        switch try await invites.accept(context.parameters.get("token") ?? "", by: account.id) {
        case .joined(let map): return try .json(map)
        case .unknown: throw APIError.notFound("this invite link is unknown, used or expired; ask for a new one")
        }
    }

    @Sendable func assets(_ request: Request, context: AppRequestContext) async throws -> Response {
        let w = try await visibleWorldmap(context)
        var result: [String: [WorldmapAsset]] = [:]
        for kind in WorldmapAssetKind.allCases {
            result[kind.rawValue] = try await worldmaps.assetVersions(worldmap: w.id, kind: kind)
        }
        return try .json(result)
    }

    func putAsset(_ kind: WorldmapAssetKind, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let w = try await visibleWorldmap(context)
        // Everyone standing in a public cell relocalizes with its newest map: only people who have put
        // something there (and moderators) may replace it.
        if !w.isPrivate, account.role == .user, try await !worldmaps.hasPublishedSticker(author: account.id, worldmap: w.id) {
            throw APIError(
                .notAContributor,
                message: "only people who have placed a sticker on this public worldmap, and moderators, may change its \(kind.rawValue)")
        }
        let data = try await request.bytes(upTo: kind.maximumBytes, what: kind == .snapshot ? "a snapshot" : "a device map")
        guard !data.isEmpty else { throw APIError.badRequest("send the file as the request body", code: .emptyBody) }
        try await uploadBytes.require("account:\(account.id)", cost: Double(data.count), what: "uploaded bytes this hour")
        let contentType: String
        switch kind {
        case .snapshot:
            guard let type = MediaSniffer.imageType(data), let size = MediaSniffer.imageSize(data) else {
                throw APIError(.unsupportedMediaType, message: "a snapshot must be a PNG or JPEG image")
            }
            guard size.width >= 64, size.height >= 64, size.width <= 8192, size.height <= 8192 else {
                throw APIError.validation([
                    FieldError("snapshot", "must be 64 to 8192 pixels on each side (got \(size.width)×\(size.height))")
                ])
            }
            contentType = type
        case .deviceMap:
            contentType = "application/octet-stream"
        }
        let ifMatch = request.headers[.ifMatch].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
        let (asset, created) = try await worldmaps.putAsset(
            worldmap: w.id, kind: kind, data: data, contentType: contentType, ifMatch: ifMatch, uploader: account.id)
        return try .json(asset, status: created ? .created : .ok, headers: [.eTag: "\"\(asset.etag)\""])
    }

    func getAsset(_ kind: WorldmapAssetKind, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let w = try await visibleWorldmap(context)
        let version = try Query(request).items["version"].map { text in
            guard let v = Int(text), v > 0 else {
                throw APIError.badRequest("'version' must be a positive integer", code: .invalidParameter)
            }
            return v
        }
        guard let asset = try await worldmaps.asset(worldmap: w.id, kind: kind, version: version),
            let blob = try await blobs.blob(id: asset.etag)
        else { throw APIError.notFound(version == nil ? "this worldmap has no \(kind.rawValue) yet" : "that version is not kept") }
        // Blobs are shared by content: the same bytes uploaded first as a snapshot keep that type, but a
        // device map is always opaque bytes to whoever downloads it.
        let contentType = kind == .deviceMap ? "application/octet-stream" : asset.contentType
        var response = Response.blob(blob.data, contentType: contentType, etag: asset.etag, request: request)
        response.headers[HTTPField.Name("WorldLayer-Version")!] = "\(asset.version)"
        return response
    }
}

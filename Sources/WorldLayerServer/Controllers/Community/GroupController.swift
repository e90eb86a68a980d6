import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerStore

/// Groups: create (open or private), invite, join, leave, my groups and invitations, find by name.
/// Stickers are shared to a group with `sharedWithGroups` on a `shared` sticker; its members see them,
/// on every path. Anyone may join an open group; a private one only by a member's invitation, and
/// nobody else finds it.
struct GroupController {
    let groups: GroupStore

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/groups", use: create)
        routes.on(.get, "/v1/groups/{id}", use: get)
        routes.on(.put, "/v1/groups/{id}/members/me", use: join)
        routes.on(.delete, "/v1/groups/{id}/members/me", use: leave)
        routes.on(.put, "/v1/groups/{id}/invitations/{username}", use: invite)
        routes.on(.get, "/v1/me/groups", use: mine)
        routes.on(.get, "/v1/me/group-invitations", use: invitations)
        routes.on(.delete, "/v1/me/group-invitations/{id}", use: decline)
        routes.on(.get, "/v1/search/groups", use: search)
    }

    struct NewGroup: Decodable {
        var name: String
        /// Found and joined only by invitation.
        var `private`: Bool?
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(NewGroup.self, context: context)
        let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= StickerGroup.nameMaximumLength else {
            throw APIError.validation([FieldError("name", "must be 1–\(StickerGroup.nameMaximumLength) characters")])
        }
        return try .json(try await self.groups.create(name: name, creator: me.id, isPrivate: body.private ?? false), status: .created)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let group = try await self.groups.group(id: try context.idParameter("id") as StickerGroup.ID, viewer: context.account?.id)
        else {
            throw APIError.notFound("no such group")
        }
        return try .json(group)
    }

    @Sendable func join(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let id: StickerGroup.ID = try context.idParameter("id")
        guard try await self.groups.join(id, account: me.id) else { throw APIError.notFound("no such group") }
        return try .json(try await self.groups.group(id: id, viewer: me.id)!)
    }

    @Sendable func leave(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        guard try await self.groups.leave(try context.idParameter("id") as StickerGroup.ID, account: me.id) else {
            throw APIError.notFound("you are not in that group")
        }
        return Response(status: .noContent)
    }

    @Sendable func invite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let username = context.parameters.get("username") ?? ""
        switch try await self.groups.invite(username: username, to: try context.idParameter("id") as StickerGroup.ID, by: me.id) {
        case .invited: return Response(status: .noContent)
        case .alreadyMember: throw APIError(.alreadyMember, message: "@\(username) is in the group already")
        case .noSuchGroup: throw APIError.notFound("no such group of yours")
        case .noSuchPerson: throw APIError.notFound("no such person")
        }
    }

    @Sendable func invitations(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["groups": try await self.groups.invitations(of: try context.requireAccount().id)])
    }

    /// Declines an invitation: the group leaves my invitations (and a private one my sight).
    @Sendable func decline(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        guard try await self.groups.decline(try context.idParameter("id") as StickerGroup.ID, by: me.id) else {
            throw APIError.notFound("no invitation to this group")
        }
        return Response(status: .noContent)
    }

    @Sendable func mine(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["groups": try await self.groups.list(of: try context.requireAccount().id)])
    }

    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let groups = try await self.groups.search(
            try query.searchText(), viewer: context.account?.id, limit: try query.int("limit", in: 1...50, default: 20))
        return try .json(["groups": groups])
    }
}

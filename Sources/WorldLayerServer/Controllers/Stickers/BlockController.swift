import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerStore

/// Blocking: neither person sees the other's stickers from then on, on any path.
struct BlockController {
    let accounts: AccountStore

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/me/blocks", use: list)
        routes.on(.put, "/v1/me/blocks/{username}", use: block)
        routes.on(.delete, "/v1/me/blocks/{username}", use: unblock)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["blocked": try await accounts.blockedUsernames(by: try context.requireAccount().id)])
    }

    private func target(_ context: AppRequestContext) async throws -> (me: Account, other: Account) {
        let me = try context.requireAccount()
        guard let name = context.parameters.get("username"), let other = try await accounts.account(username: name) else {
            throw APIError.notFound("no such user")
        }
        guard other.id != me.id else { throw APIError.validation([FieldError("username", "you cannot block yourself")]) }
        return (me, other)
    }

    @Sendable func block(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (me, other) = try await target(context)
        try await accounts.block(other.id, by: me.id)
        return Response(status: .noContent)
    }

    @Sendable func unblock(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (me, other) = try await target(context)
        try await accounts.unblock(other.id, by: me.id)
        return Response(status: .noContent)
    }
}

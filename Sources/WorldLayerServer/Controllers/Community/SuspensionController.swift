import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// Moderators suspending accounts for a time, with a reason the person sees when signing in.
struct SuspensionController {
    let accounts: AccountStore
    let suspensions: Suspensions

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/moderation/suspensions", use: list)
        routes.on(.put, "/v1/moderation/accounts/{username}/suspension", use: suspend)
        routes.on(.delete, "/v1/moderation/accounts/{username}/suspension", use: lift)
    }

    /// A suspended account as moderators see it.
    struct Suspended: Encodable {
        var username: String
        var displayName: String
        var until: Date
        var reason: String

        init(_ account: Account, _ suspension: Suspension) {
            (username, displayName, until, reason) = (account.username, account.displayName, suspension.until, suspension.reason)
        }
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireModerator()
        return try .json(["suspensions": try await accounts.suspended().map { Suspended($0.account, $0.suspension) }])
    }

    @Sendable func suspend(_ request: Request, context: AppRequestContext) async throws -> Response {
        let moderator = try context.requireModerator()
        let body = try await request.decodeJSON(SuspensionRequest.self, context: context)
        let (account, suspension) = try await suspensions.suspend(context.parameters.get("username") ?? "", body, by: moderator)
        return try .json(Suspended(account, suspension))
    }

    @Sendable func lift(_ request: Request, context: AppRequestContext) async throws -> Response {
        let moderator = try context.requireModerator()
        guard try await suspensions.lift(context.parameters.get("username") ?? "", by: moderator) else {
            throw APIError.notFound("that account is not suspended")
        }
        return Response(status: .noContent)
    }
}

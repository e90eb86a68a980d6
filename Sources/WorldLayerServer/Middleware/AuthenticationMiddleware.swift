import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerStore

/// Resolves `Authorization: Bearer <token>` to an account. A request without the
/// header goes on anonymously; one with a bad token is refused outright, so a client
/// never mistakes a lapsed login for an anonymous view. A guided-tour participant's token
/// (`wlp_…`, from redeeming a passkey) resolves to the participant instead.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let store: Store

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Browsers cannot set headers on a WebSocket, so the live endpoint also takes the token as a query item.
        let queryToken = request.uri.path == "/v1/live" ? request.uri.queryParameters.get("access_token").map { "Bearer \($0)" } : nil
        guard let header = request.headers[.authorization] ?? queryToken else { return try await next(request, context) }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw APIError.invalidToken }
        let token = String(parts[1])
        let hash = SessionToken.hash(token)
        if token.hasPrefix(SessionToken.participantPrefix) {
            guard let participant = try await store.guidedTours.participant(tokenHash: hash) else { throw APIError.invalidToken }
            var context = context
            context.participant = participant
            context.logger[metadataKey: "participant"] = "\(participant.id)"
            return try await next(request, context)
        }
        guard let account = try await store.accounts.account(sessionTokenHash: hash) else { throw APIError.invalidToken }
        var context = context
        context.account = account
        context.tokenHash = hash
        context.logger[metadataKey: "account"] = "\(account.id)"
        return try await next(request, context)
    }
}

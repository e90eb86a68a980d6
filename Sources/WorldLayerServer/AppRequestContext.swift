import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import WorldLayerCore

/// Per-request state shared by middleware and handlers.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in account, set by `AuthenticationMiddleware` when a valid token is sent.
    public var account: Account?
    /// The guided-tour participant whose token was sent (`wlp_…`), set by `AuthenticationMiddleware`.
    public var participant: TourParticipant?
    /// Hash of the bearer token used, so logout can end exactly this session.
    public var tokenHash: String?
    public let remoteAddress: SocketAddress?
    public let webSocket = WebSocketHandlerReference<AppRequestContext>()
    public var maxUploadSize: Int { 1 << 20 }

    /// The client's connection, so that a long poll stops with its client (``HangUpHandler``).
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The signed-in account, or a 401.
    public func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized }
        return account
    }

    /// The signed-in account if it is an admin; else a 401 or 403.
    func requireAdmin() throws -> Account {
        let account = try requireAccount()
        guard account.role == .admin else { throw APIError(.forbidden, message: "only admins may do this") }
        return account
    }

    /// Who is walking a tour: the signed-in account or the participant.
    var visitorID: UUID? { account?.id.uuid ?? participant?.id.uuid }

    /// The address a trusted proxy says it forwarded for, set by `ClientAddressMiddleware`.
    var forwardedFor: String?

    /// The client's IP address, for rate limiting: the socket's peer, or behind a trusted proxy the one it names.
    var clientAddress: String { forwardedFor ?? remoteAddress?.ipAddress ?? "unknown" }
}

import Foundation
import Logging
import WorldLayerCore
import WorldLayerStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a lock screen shows for a push; the service worker draws it (`Web/sw.js`).
public struct PushMessage: Codable, Sendable, Equatable {
    public var title: String
    public var body: String
    /// The page a tap opens.
    public var url: String
    /// One notification per entry: a repeat replaces, never stacks.
    public var tag: String

    public init(_ owed: OwedPush) {
        let who = owed.actorName ?? "Someone"
        let detail = owed.detail ?? ""
        switch owed.kind {
        case .sticker: (title, body) = ("New sticker near home", "\(who): \(detail)")
        case .follower: (title, body) = ("New follower", "\(who) follows you")
        case .followRequest: (title, body) = ("Follow request", "\(who) asks to follow you")
        case .followApproved: (title, body) = ("Follow request approved", "You now follow \(who)")
        case .answer: (title, body) = ("Your guide answered", detail)
        case .report:
            (title, body) = (
                "Your report was decided",
                detail == "hidden" ? "The sticker you reported was taken down" : "The sticker you reported stays up"
            )
        case .design: (title, body) = ("Your design was reviewed", detail)
        }
        url = owed.kind == .sticker ? "/#/map/sticker/\(owed.subject ?? "")" : "/#/inbox"
        tag = owed.id.text
    }
}

/// Sends owed pushes to the browsers' push services (RFC 8030), encrypted to each browser and
/// signed with the site's VAPID key. A subscription the service says is gone (404, 410) is forgotten.
public struct PushSender: Sendable {
    let store: Store
    let key: VAPIDKey
    /// Who the push services may contact about this server (RFC 8292 `sub`: a mailto: or https: URL).
    let contact: String
    let session: URLSession
    let logger: Logger

    public init(store: Store, key: VAPIDKey, contact: String, logger: Logger) {
        self.store = store
        self.key = key
        self.contact = contact
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        session = URLSession(configuration: configuration)
        self.logger = logger
    }

    /// How long a push service keeps a message for a browser that is offline (a day).
    static let timeToLive = 86_400

    /// Sends everything owed now; answers how many pushes were claimed.
    @discardableResult
    public func sendOwed(now: Date? = nil) async throws -> Int {
        let now = now ?? store.clock.now()
        let owed = try await store.notifications.claimPushes(now: now)
        for push in owed {
            try await store.notifications.finishPush(push.id, try await send(push, now: now))
        }
        return owed.count
    }

    func send(_ push: OwedPush, now: Date) async throws -> PushOutcome {
        guard push.settings.mayPush(push.kind, at: now), !push.subscriptions.isEmpty else { return .skipped }
        let payload = try JSONEncoder().encode(PushMessage(push))
        var delivered = false
        for subscription in push.subscriptions {
            guard let endpoint = URL(string: subscription.endpoint) else { continue }
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.httpBody = try WebPushEncryption.encrypt(payload, to: subscription)
            request.setValue("aes128gcm", forHTTPHeaderField: "Content-Encoding")
            request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
            request.setValue(String(Self.timeToLive), forHTTPHeaderField: "TTL")
            request.setValue(push.kind == .followRequest || push.kind == .answer ? "high" : "normal", forHTTPHeaderField: "Urgency")
            request.setValue(try key.authorization(for: endpoint, contact: contact, now: now), forHTTPHeaderField: "Authorization")
            do {
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                switch status {
                case 200..<300: delivered = true
                case 404, 410: try await store.notifications.unsubscribe(endpoint: subscription.endpoint)
                default: logger.warning("push refused", metadata: ["status": "\(status)", "host": "\(endpoint.host ?? "")"])
                }
            } catch {
                logger.warning("push not sent", metadata: ["error": "\(error)", "host": "\(endpoint.host ?? "")"])
            }
        }
        return delivered ? .sent : .failed
    }
}

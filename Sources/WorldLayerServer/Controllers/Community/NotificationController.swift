import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// The inbox, its settings, and the browsers that receive pushes.
struct NotificationController {
    let notifications: NotificationStore
    /// The site's VAPID public key, which a page subscribes with.
    let pushKey: String

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/me/notifications", use: inbox)
        routes.on(.post, "/v1/me/notifications/read", use: markRead)
        routes.on(.get, "/v1/me/notification-settings", use: settings)
        routes.on(.put, "/v1/me/notification-settings", use: changeSettings)
        routes.on(.get, "/v1/push/key", use: key)
        routes.on(.post, "/v1/me/push-subscriptions", use: subscribe)
        routes.on(.post, "/v1/me/push-subscriptions/remove", use: unsubscribe)
    }

    struct Inbox: Encodable {
        var notifications: [InboxNotification]
        var unread: Int
    }

    @Sendable func inbox(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let query = Query(request)
        let limit = try query.int("limit", in: 1...100, default: 50)
        var before: Date?
        if let text = query.items["before"] {
            guard let date = WireJSON.parseTime(text) else {
                throw APIError.badRequest("'before' must be a time like 2026-05-01T12:00:00Z", code: .invalidParameter)
            }
            before = date
        }
        let (items, unread) = try await notifications.inbox(of: me.id, before: before, limit: limit)
        return try .json(Inbox(notifications: items, unread: unread))
    }

    struct ReadBody: Decodable {
        /// Which entries; none given marks every one read.
        var ids: [InboxNotification.ID]?
    }

    @Sendable func markRead(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(ReadBody.self, context: context)
        if let ids = body.ids, ids.count > 500 { throw APIError.validation([FieldError("ids", "must be at most 500")]) }
        return try .json(["unread": try await notifications.markRead(body.ids, of: me.id)])
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await notifications.settings(of: try context.requireAccount().id))
    }

    @Sendable func changeSettings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(NotificationSettings.self, context: context)
        let errors = body.validate()
        guard errors.isEmpty else { throw APIError.validation(errors) }
        try await notifications.setSettings(body, of: me.id)
        return try .json(body)
    }

    @Sendable func key(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["publicKey": pushKey])
    }

    @Sendable func subscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(PushSubscription.self, context: context)
        let errors = body.validate()
        guard errors.isEmpty else { throw APIError.validation(errors) }
        try await notifications.subscribe(body, account: me.id)
        return Response(status: .noContent)
    }

    struct Endpoint: Decodable {
        var endpoint: String
    }

    @Sendable func unsubscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let body = try await request.decodeJSON(Endpoint.self, context: context)
        guard try await notifications.unsubscribe(endpoint: body.endpoint, account: me.id) else {
            throw APIError.notFound("this browser is not subscribed")
        }
        return Response(status: .noContent)
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import WorldLayerCore
import WorldLayerStore

/// The template library, user submissions and their review.
struct TemplateController {
    let blobs: BlobStore
    let templates: TemplateStore

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/templates", use: list)
        routes.on(.post, "/v1/templates", use: submit)
        routes.on(.get, "/v1/templates/{id}", use: get)
        routes.on(.get, "/v1/templates/{id}/preview", use: preview)
        routes.on(.get, "/v1/templates/{id}/asset", use: asset)
        routes.on(.get, "/v1/moderation/templates", use: queue)
        routes.on(.post, "/v1/templates/{id}/approve", use: approve)
        routes.on(.post, "/v1/templates/{id}/reject", use: reject)
    }

    struct TemplateBody: Encodable {
        var id: String
        var name: String
        var kind: StickerTemplate.Kind
        var takesText: Bool
        var status: StickerTemplate.Status
        var builtIn: Bool
        var mine: Bool
        var rejectReason: String?
        var previewUrl: String
        var assetUrl: String?

        init(_ t: StickerTemplate, viewer: Account.ID?) {
            id = t.id
            name = t.name
            kind = t.kind
            takesText = t.takesText
            status = t.status
            builtIn = t.authorId == nil
            mine = viewer != nil && t.authorId == viewer
            rejectReason = mine ? t.rejectReason : nil
            previewUrl = "/v1/templates/\(t.id)/preview"
            assetUrl = t.assetId == nil ? nil : "/v1/templates/\(t.id)/asset"
        }
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let viewer = context.account?.id
        return try .json(["templates": try await templates.list(for: viewer).map { TemplateBody($0, viewer: viewer) }])
    }

    @Sendable func submit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(TemplateSubmission.self, context: context, limit: 4 << 20)
        let (template, created) = try await templates.add(try body.checked(by: account.username).get(), author: account.id)
        return try .json(TemplateBody(template, viewer: account.id), status: created ? .created : .ok)
    }

    /// A template the caller may look at: in the library, their own, or (for moderators) any.
    private func visibleTemplate(_ context: AppRequestContext) async throws -> StickerTemplate {
        let id = context.parameters.get("id") ?? ""
        guard let t = try await templates.template(id: id) else { throw APIError.notFound("no such template") }
        let account = context.account
        let isModerator = account.map { $0.role != .user } ?? false
        guard t.status == .approved || t.authorId == account?.id || isModerator else { throw APIError.notFound("no such template") }
        return t
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(TemplateBody(try await visibleTemplate(context), viewer: context.account?.id))
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await blobResponse(id: try await visibleTemplate(context).previewId, request: request)
    }

    @Sendable func asset(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = try await visibleTemplate(context).assetId else { throw APIError.notFound("a text card has no asset") }
        return try await blobResponse(id: id, request: request)
    }

    private func blobResponse(id: String, request: Request) async throws -> Response {
        guard let blob = try await blobs.blob(id: id) else { throw APIError.notFound("the file is gone") }
        return Response.blob(
            blob.data, contentType: blob.contentType, etag: blob.id, request: request, cacheControl: "public, max-age=86400")
    }

    @Sendable func queue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let moderator = try context.requireModerator()
        return try .json(["templates": try await templates.pending().map { TemplateBody($0, viewer: moderator.id) }])
    }

    @Sendable func approve(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await review(context: context, approve: true, reason: nil)
    }

    struct RejectBody: Decodable {
        var reason: String
    }

    @Sendable func reject(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireModerator()
        let reason = try await request.decodeJSON(RejectBody.self, context: context).reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...500).contains(reason.count) else { throw APIError.validation([FieldError("reason", "must be 1 to 500 characters")]) }
        return try await review(context: context, approve: false, reason: reason)
    }

    private func review(context: AppRequestContext, approve: Bool, reason: String?) async throws -> Response {
        let moderator = try context.requireModerator()
        guard
            let t = try await templates.review(
                id: context.parameters.get("id") ?? "", approve: approve, reason: reason, moderator: moderator)
        else { throw APIError.notFound("no such template") }
        context.logger.info("template reviewed", metadata: ["template": "\(t.id)", "status": "\(t.status.rawValue)"])
        return try .json(TemplateBody(t, viewer: moderator.id))
    }
}

extension AppRequestContext {
    /// The signed-in account if it may moderate; else 401 or 403.
    func requireModerator() throws -> Account {
        let account = try requireAccount()
        guard account.role == .moderator || account.role == .admin else {
            throw APIError(.forbidden, message: "only moderators may do this")
        }
        return account
    }
}

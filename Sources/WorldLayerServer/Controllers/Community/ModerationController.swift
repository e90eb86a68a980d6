import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// Reports of stickers and what moderators do with them, every action logged.
struct ModerationController {
    let ads: AdStore
    let moderating: Moderation
    let moderation: ModerationStore
    let templates: TemplateStore

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/stickers/{id}/reports", use: report)
        routes.on(.get, "/v1/me/reports", use: myReports)
        routes.on(.get, "/v1/moderation/queue", use: queue)
        routes.on(.post, "/v1/moderation/reports/{id}/hide", use: hide)
        routes.on(.post, "/v1/moderation/reports/{id}/dismiss", use: dismiss)
        routes.on(.get, "/v1/moderation/log", use: log)
    }

    struct ReportBody: Decodable {
        var reason: String
    }

    @Sendable func report(_ request: Request, context: AppRequestContext) async throws -> Response {
        let me = try context.requireAccount()
        let id: Sticker.ID = try context.idParameter("id")
        let body = try await request.decodeJSON(ReportBody.self, context: context)
        switch try await moderating.report(id, reason: body.reason, by: me.id) {
        case .filed(let report, let created): return try .json(report, status: created ? .created : .ok)
        case .notFound: throw APIError.notFound("no such sticker")
        }
    }

    /// My reports, with what moderation decided and its note to me.
    @Sendable func myReports(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(["reports": try await moderation.reports(by: try context.requireAccount().id)])
    }

    struct QueuedReport: Encodable {
        var report: StickerReport
        var sticker: Sticker
    }

    /// What waits for a moderator: open reports (with the sticker), template submissions and ads.
    @Sendable func queue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let moderator = try context.requireModerator()
        struct Body: Encodable {
            var reports: [QueuedReport]
            var templates: [TemplateController.TemplateBody]
            var ads: [Ad]
        }
        let reports = try await moderation.openReports().map { QueuedReport(report: $0.report, sticker: $0.sticker) }
        let templates = try await self.templates.pending().map { TemplateController.TemplateBody($0, viewer: moderator.id) }
        return try .json(Body(reports: reports, templates: templates, ads: try await self.ads.pending()))
    }

    struct DecisionBody: Decodable {
        /// Told to the reporter.
        var note: String?
    }

    private func decide(_ request: Request, _ context: AppRequestContext, hide: Bool) async throws -> Response {
        let moderator = try context.requireModerator()
        let id: StickerReport.ID = try context.idParameter("id")
        let note = try await request.decodeJSON(DecisionBody.self, context: context).note
        guard let decided = try await moderating.decide(id, hide: hide, note: note, by: moderator) else {
            throw APIError.notFound("no such open report")
        }
        return try .json(decided)
    }

    @Sendable func hide(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await decide(request, context, hide: true)
    }

    @Sendable func dismiss(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await decide(request, context, hide: false)
    }

    @Sendable func log(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireModerator()
        return try .json(["actions": try await moderation.log()])
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerStore

/// The app's feedback form: anyone may write (signed in or not, a few messages an hour per address);
/// admins read the messages and mark them done.
struct FeedbackController {
    let feedback: FeedbackStore
    /// Messages per client address.
    let messages: RateLimiter

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/feedback", use: send)
        routes.on(.get, "/v1/feedback", use: list)
        routes.on(.post, "/v1/feedback/{id}/done", use: done)
    }

    /// What the sender gets back: no more than they sent (the id, when, and that it arrived).
    struct Receipt: Encodable {
        var id: String
        var status: Feedback.Status
        var createdAt: Date
    }

    @Sendable func send(_ request: Request, context: AppRequestContext) async throws -> Response {
        let draft = try await request.decodeJSON(FeedbackDraft.self, context: context, limit: 64 << 10)
        let problems = draft.problems()
        guard problems.isEmpty else { throw APIError.validation(problems) }
        try await messages.require(context.clientAddress, what: "feedback messages from this address")
        switch try await self.feedback.send(draft.normalized, from: context.account) {
        case .stored(let feedback, let created):
            return try .json(
                Receipt(id: feedback.id.text, status: feedback.status, createdAt: feedback.createdAt), status: created ? .created : .ok)
        case .idTaken:
            throw APIError.conflict("that id belongs to another message: send it with a new id", field: "id")
        }
    }

    /// Admins: messages not yet handled, newest first (`?all=true` for every one).
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let query = Query(request)
        let all = try query.bool("all", default: false)
        let limit = try query.int("limit", in: 1...500, default: 200)
        return try .json(["feedback": try await self.feedback.list(includingDone: all, limit: limit)])
    }

    @Sendable func done(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let id: Feedback.ID = try context.idParameter("id")
        guard let marked = try await self.feedback.mark(id, .done) else { throw APIError.notFound("no such message") }
        return try .json(marked)
    }
}

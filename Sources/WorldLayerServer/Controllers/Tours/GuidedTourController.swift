import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WorldLayerCore
import WorldLayerServices
import WorldLayerStore

/// Guided tours: a guide's groups with one-time passkeys, redeeming one (rate-limited), and the
/// participants' questions, which the guide answers and exports before the group is deleted.
struct GuidedTourController {
    let clock: WallClock
    let groups: TourGroups
    let guidedTours: GuidedTourStore
    let tours: TourStore
    let limiter: AttemptLimiter
    /// Mails an answer to a visitor who gave an address with the question.
    let answerMail: TourAnswerMail

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/tours/{tour}/groups", use: createGroup)
        routes.on(.get, "/v1/tours/{tour}/groups", use: listGroups)
        routes.on(.post, "/v1/tours/{tour}/redeem", use: redeem)
        routes.on(.get, "/v1/tour-groups/{group}", use: getGroup)
        routes.on(.delete, "/v1/tour-groups/{group}", use: deleteGroup)
        routes.on(.post, "/v1/tour-groups/{group}/questions", use: ask)
        routes.on(.get, "/v1/tour-groups/{group}/questions", use: questions)
        routes.on(.post, "/v1/tour-groups/{group}/questions/{question}/answer", use: answer)
        routes.on(.get, "/v1/tour-groups/{group}/questions/export", use: export)
    }

    @Sendable func createGroup(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.listed(tours: tours, context: context)
        let guide = try await TourAccess.requireGuide(tours: tours, context: context, tour: tour)
        let body = try await request.decodeJSON(NewTourGroup.self, context: context)
        let (group, passkeys) = try await groups.create(body, tour: tour.id, guide: guide.id)
        context.logger.info("tour group created", metadata: ["group": "\(group.id.text)", "passkeys": "\(passkeys.count)"])
        struct Body: Encodable {
            var group: TourGroup
            /// Shown this once; only their hashes are stored.
            var passkeys: [String]
        }
        return try .json(Body(group: group, passkeys: passkeys), status: .created)
    }

    @Sendable func listGroups(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.listed(tours: tours, context: context)
        _ = try await TourAccess.requireGuide(tours: tours, context: context, tour: tour)
        return try .json(["groups": try await guidedTours.groups(tourID: tour.id)])
    }

    struct RedeemBody: Decodable {
        var passkey: String
        var displayName: String?
        /// Made by the client: sending the same one again after a lost answer gets a new token instead of "used".
        var participantId: TourParticipant.ID?
    }

    @Sendable func redeem(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.listed(tours: tours, context: context)
        guard tour.mode == .guided else {
            throw APIError.badRequest("“\(tour.title)” is an open tour: no passkey is needed", code: .notGuided)
        }
        let body = try await request.decodeJSON(RedeemBody.self, context: context)
        let subject = "tour:" + tour.id.uuid.uuidString
        if let wait = try await limiter.retryAfter(subject: subject, address: context.clientAddress) {
            throw APIError.tooManyAttempts(wait: wait, what: "wrong passkeys")
        }
        if let name = body.displayName, name.count > 100 {
            throw APIError.validation([FieldError("displayName", "must be at most 100 characters")])
        }
        let wrong = APIError(.invalidPasskey, message: "that passkey does not open “\(tour.title)”; check it with your guide")
        guard let key = Passkey.normalize(body.passkey) else {
            try await limiter.recordFailure(subject: subject, address: context.clientAddress)
            throw wrong
        }
        let token = SessionToken.make(prefix: SessionToken.participantPrefix)
        let outcome = try await guidedTours.redeem(
            tourID: tour.id, key: key, participantID: body.participantId ?? TourParticipant.ID(), displayName: body.displayName,
            tokenHash: SessionToken.hash(token), account: context.account?.id)
        switch outcome {
        case .joined(let participant):
            struct Body: Encodable {
                var participant: TourParticipant
                /// Send as `Authorization: Bearer …` to walk the tour and ask questions.
                var token: String
            }
            return try .json(Body(participant: participant, token: token), status: .created)
        case .used:
            throw APIError(.passkeyUsed, message: "that passkey has been used; each one admits one person")
        case .expired:
            throw APIError(.passkeyExpired, message: "that passkey's group has ended; ask your guide for a new one")
        case .unknown:
            try await limiter.recordFailure(subject: subject, address: context.clientAddress)
            throw wrong
        }
    }

    /// The group in the path, with whether the caller guides its tour; 404 for anyone who is neither its guide nor in it.
    private func group(_ context: AppRequestContext) async throws -> (group: TourGroup, tour: Tour, isGuide: Bool) {
        let id: TourGroup.ID = try context.idParameter("group")
        guard let group = try await guidedTours.group(id: id), let tour = try await self.tours.tour(id: group.tourId) else {
            throw APIError.notFound("no such group")
        }
        let isGuide = try await TourAccess.isGuide(tours: tours, context: context, tour: tour)
        guard isGuide || context.participant?.groupId == id else { throw APIError.notFound("no such group") }
        return (group, tour, isGuide)
    }

    private func guidedGroup(_ context: AppRequestContext) async throws -> TourGroup {
        let found = try await group(context)
        guard found.isGuide else {
            throw APIError(.forbidden, message: "only a guide of “\(found.tour.title)” may do this")
        }
        return found.group
    }

    @Sendable func getGroup(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await group(context).group)
    }

    @Sendable func deleteGroup(_ request: Request, context: AppRequestContext) async throws -> Response {
        let group = try await guidedGroup(context)
        switch try await guidedTours.deleteGroup(id: group.id) {
        case .deleted: return Response(status: .noContent)
        case .notFound: throw APIError.notFound("no such group")
        case .unexported(let n):
            throw APIError(
                .questionsNotExported,
                message: n == 1
                    ? "a question arrived since the last export; export it (GET …/questions/export) before deleting the group"
                    : "\(n) questions arrived since the last export; export them (GET …/questions/export) before deleting the group")
        }
    }

    struct NewQuestion: Decodable {
        /// Made by the client, so a retried send is stored once.
        var id: TourQuestion.ID?
        var text: String
        var email: String?
        /// The language the visitor reads the tour in (BCP 47): the mailed answer is written in it.
        var language: String?
    }

    @Sendable func ask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (group, _, _) = try await group(context)
        guard let participant = context.participant, participant.groupId == group.id else {
            throw APIError(.forbidden, message: "only participants of the group ask questions")
        }
        let body = try await request.decodeJSON(NewQuestion.self, context: context)
        let email = body.email?.trimmingCharacters(in: .whitespaces)
        var problems = TourQuestion.problems(text: body.text, email: email)
        if let language = body.language, !Tour.isLanguageTag(language) {
            problems.append(FieldError("language", "must be a language tag such as en, fi or sv"))
        }
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let question = TourQuestion(
            id: body.id ?? TourQuestion.ID(), groupId: group.id, participantId: participant.id, participantName: participant.displayName,
            text: body.text.trimmingCharacters(in: .whitespacesAndNewlines), email: email?.isEmpty == true ? nil : email, answer: nil,
            answeredAt: nil,
            createdAt: clock.now(), language: body.language)
        do {
            try await guidedTours.addQuestion(question)
        } catch GuidedTourError.questionIdTaken {
            // A retry: answer with what was stored the first time (only if it was this participant's).
            let mine = try await guidedTours.questions(groupID: group.id, participantID: participant.id)
            guard let stored = mine.first(where: { $0.id == question.id }) else { throw GuidedTourError.questionIdTaken }
            return try .json(stored)
        }
        return try .json(question, status: .created)
    }

    @Sendable func questions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (group, _, isGuide) = try await group(context)
        // A participant sees only their own questions; the guide sees everyone's.
        let only = isGuide ? nil : context.participant?.id
        return try .json(["questions": try await guidedTours.questions(groupID: group.id, participantID: only)])
    }

    struct AnswerBody: Decodable {
        var answer: String
    }

    @Sendable func answer(_ request: Request, context: AppRequestContext) async throws -> Response {
        let group = try await guidedGroup(context)
        let questionID: TourQuestion.ID = try context.idParameter("question")
        let body = try await request.decodeJSON(AnswerBody.self, context: context)
        let text = body.answer.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 5_000 else { throw APIError.validation([FieldError("answer", "must be 1–5,000 characters")]) }
        guard try await guidedTours.answer(questionID: questionID, groupID: group.id, text: text) else {
            throw APIError.notFound("no such question")
        }
        let answered = try await guidedTours.questions(groupID: group.id).first { $0.id == questionID }!
        if answered.email != nil {
            // Stored first; mailed after the answer, which does not wait for a mail server.
            let mail = answerMail, logger = context.logger, now = clock.now()
            let title = try await tours.tour(id: group.tourId)?.title ?? "your tour"
            Task {
                do { try await mail.send(answered, tourTitle: title, now: now) } catch {
                    logger.error("an answer was not mailed", metadata: ["question": "\(answered.id.text)", "error": "\(error)"])
                }
            }
        }
        return try .json(answered)
    }

    /// Every question of the group as CSV (default) or JSON, as a download; recorded as exported.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let group = try await guidedGroup(context)
        let format = Query(request).items["format"] ?? "csv"
        guard format == "csv" || format == "json" else {
            throw APIError.badRequest("'format' must be csv or json", code: .invalidParameter)
        }
        let questions = try await guidedTours.questions(groupID: group.id)
        try await guidedTours.markExported(groupID: group.id)
        let filename = "questions-\(group.id.text.prefix(8)).\(format)"
        let disposition: HTTPFields = [.contentDisposition: "attachment; filename=\"\(filename)\""]
        if format == "json" {
            struct Export: Encodable {
                var group: TourGroup
                var questions: [TourQuestion]
            }
            return try .json(Export(group: group, questions: questions), headers: disposition)
        }
        var headers = disposition
        headers[.contentType] = "text/csv; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: .init(string: QuestionCSV.render(questions))))
    }
}

/// Questions as CSV (RFC 4180), safe to open in a spreadsheet: a cell that starts like a formula is
/// prefixed with `'` so it is shown, not run.
enum QuestionCSV {
    static func render(_ questions: [TourQuestion]) -> String {
        var lines = ["asked_at,participant,email,question,answer,answered_at"]
        for q in questions {
            lines.append(
                [
                    WireJSON.time(q.createdAt), q.participantName ?? "", q.email ?? "", q.text, q.answer ?? "",
                    q.answeredAt.map(WireJSON.time) ?? "",
                ]
                .map(cell).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func cell(_ text: String) -> String {
        let safe = text.first.map { "=+-@\t\r".contains($0) } == true ? "'" + text : text
        guard safe.contains(where: { ",\"\r\n".contains($0) }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

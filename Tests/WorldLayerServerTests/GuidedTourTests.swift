import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Guided tours through the API: passkeys, participants, questions, beacons")
struct GuidedTourTests {
    /// A guided tour with beacon stops, a guide named for it, and a server to talk to.
    func withGuidedTour(
        _ engine: Store.Engine, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ test: @escaping @Sendable (API, _ tourID: String, _ guide: String, _ admin: String) async throws -> Void
    ) async throws {
        let world = try await TourWorld.make(engine)
        let audio = try TourWorld.narration("This is the guide speaking.")
        try await withServer(
            engine,
            configure: {
                world.configure(&$0); configure(&$0)
            }
        ) { api in
            let admin = try await world.admin(api)
            let body = TourWorld.tourBody(
                slug: "bu-campus", mode: "guided", audio: try await TourWorld.upload(api, audio, admin: admin),
                cover: try await TourWorld.upload(api, TourWorld.png, admin: admin), beacons: true)
            let tourID = UUID().text
            let created = try await api.call(.put, "/v1/tours/\(tourID)", json: body, token: admin)
            guard created.status == .created else { throw HelperFailure("tour: \(created.text)") }
            let guide = try await api.signUpAndLogIn("guide")
            try await world.withStore { store in
                try await store.tours.setGuide(
                    accountID: try await store.accounts.account(username: "guide")!.id, tourID: Tour.ID(tourID)!, isGuide: true)
            }
            try await test(api, tourID, guide, admin)
        }
    }

    @Test(
        "a question asked with an address has its answer mailed there, with the question and the tour's name; one asked without is not mailed",
        arguments: ScratchDatabase.engines)
    func answerMailed(engine: Store.Engine) async throws {
        let mail = MailFolder()
        try await withGuidedTour(engine, configure: { $0.mailSender = mail.sender }) { api, tourID, guide, _ in
            let made = try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "Open day", "passkeys": 3], token: guide)
            let keys = try #require(made.json["passkeys"] as? [String])
            let groupID = try #require((made.json["group"] as? [String: Any])?["id"] as? String)
            var tokens: [String] = []
            for (key, name) in zip(keys, ["Mia", "Leo", "Aino"]) {
                let joined = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": key, "displayName": name])
                tokens.append(try #require(joined.json["token"] as? String, "\(joined.text)"))
            }
            let asked = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions",
                json: ["text": "Can first-years join the robotics lab?", "email": " mia@example.org "], token: tokens[0])
            let silent = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "Where is the library?"], token: tokens[1])
            // Asked in Finnish: the mailed answer speaks Finnish; a language that is no tag is refused.
            let finnish = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions",
                json: ["text": "Onko kampuksella kirjasto?", "email": "aino@example.org", "language": "fi"], token: tokens[2])
            let badLanguage = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "?", "language": "Finnish"], token: tokens[2])
            #expect(badLanguage.status == .unprocessableContent && badLanguage.errorFields == ["language"], "\(badLanguage.text)")
            // The one without an address answered first: by the time the other's mail is written, its would be too.
            for (question, answer) in [
                (silent, "Behind the main hall."), (asked, "Yes, from the first week."), (finnish, "On, päärakennuksessa."),
            ] {
                let id = try #require(question.json["id"] as? String, "\(question.text)")
                let answered = try await api.call(
                    .post, "/v1/tour-groups/\(groupID)/questions/\(id)/answer", json: ["answer": answer], token: guide)
                #expect(answered.status == .ok)
            }
            let message = try #require(try await mail.waitForMessages(to: "mia@example.org", subject: "the guide's answer").first)
            #expect(message.subject.contains("Your question on"))
            #expect(message.body.contains("Can first-years join the robotics lab?") && message.body.contains("Yes, from the first week."))
            #expect(message.body.contains("Hello Mia,"))
            #expect(!message.body.contains("Where is the library?") && !message.body.contains("Leo"), "nothing of the others")
            let answers = mail.messages().filter { $0.subject.contains("the guide's answer") }  // (sign-ups are mailed too)
            #expect(answers.count == 1, "\(answers.map(\.to))")
            let suomeksi = try #require(try await mail.waitForMessages(to: "aino@example.org", subject: "oppaan vastaus").first)
            #expect(suomeksi.subject.hasPrefix("Kysymyksesi kierroksella"), "\(suomeksi.subject)")
            #expect(
                suomeksi.body.hasPrefix("Hei Aino,") && suomeksi.body.contains("Oppaasi vastasi:")
                    && suomeksi.body.contains("On, päärakennuksessa."))
        }
    }

    @Test(
        "a passkey admits one person once; the guide sees, answers and exports questions, then deletes the group",
        arguments: ScratchDatabase.engines)
    func passkeysAndQuestions(engine: Store.Engine) async throws {
        try await withGuidedTour(engine) { api, tourID, guide, _ in
            // Anyone may see that the tour exists; nobody gets further without a passkey.
            let listed = try await api.call(.get, "/v1/tours")
            #expect((listed.json["tours"] as? [[String: Any]])?.first?["mode"] as? String == "guided")
            let stranger = try await api.signUpAndLogIn("stranger")
            for path in ["", "/stops/nearby?latitude=60.17&longitude=24.95", "/next?latitude=60.17&longitude=24.95", "/beacons", "/stamps"]
            {
                let r = try await api.call(.get, "/v1/tours/\(tourID)\(path)", token: stranger)
                #expect(r.status == .forbidden && r.errorCode == "passkey_required", "\(path)")
            }
            let peek = try await api.call(.get, "/v1/tours/\(tourID)/availability?latitude=60.1710&longitude=24.9414", token: stranger)
            #expect(peek.status == .ok && peek.json["nearestStop"] == nil && peek.json["route"] == nil)

            // Only the tour's guide makes groups.
            #expect(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "x", "passkeys": 2], token: stranger).status
                    == .forbidden)
            #expect(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "", "passkeys": 0], token: guide).status
                    == .unprocessableContent)
            let made = try await api.call(
                .post, "/v1/tours/\(tourID)/groups", json: ["name": "Morning group", "passkeys": 3, "validForHours": 4], token: guide)
            #expect(made.status == .created, "\(made.text)")
            let keys = try #require(made.json["passkeys"] as? [String])
            let groupID = try #require((made.json["group"] as? [String: Any])?["id"] as? String)
            #expect(keys.count == 3 && keys.allSatisfy { $0.count == 9 })

            // Redeem once; the second try is refused; a lost answer is recovered with the same participant id.
            let participantID = UUID().text
            let joined = try await api.call(
                .post, "/v1/tours/\(tourID)/redeem",
                json: ["passkey": keys[0].lowercased(), "displayName": "Ana", "participantId": participantID])
            #expect(joined.status == .created, "\(joined.text)")
            let ana = try #require(joined.json["token"] as? String)
            let again = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0]])
            #expect(again.status == .conflict && again.errorCode == "passkey_used")
            let retried = try await api.call(
                .post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0], "participantId": participantID])
            #expect(retried.status == .created && (retried.json["participant"] as? [String: Any])?["id"] as? String == participantID)
            let anaNow = try #require(retried.json["token"] as? String)
            #expect(try await api.call(.get, "/v1/me", token: ana).status == .unauthorized)  // the old token was replaced
            let ben = try #require(
                try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[1], "displayName": "Ben"]).json["token"]
                    as? String)

            // In: the stops and the beacon registry.
            let tour = try await api.call(.get, "/v1/tours/\(tourID)", token: anaNow)
            #expect(tour.status == .ok && (tour.json["stops"] as? [Any])?.count == 3)
            let beacons = try #require(
                try await api.call(.get, "/v1/tours/\(tourID)/beacons", token: anaNow).json["beacons"] as? [[String: Any]])
            #expect(beacons.count == 3 && (beacons[0]["beacon"] as? [String: Any])?["txPower"] as? Double == -61)

            // Questions: one each; a participant sees only their own; the guide sees all.
            let q1 = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "When was the statue made?", "email": "ana@example.org"],
                token: anaNow)
            #expect(q1.status == .created, "\(q1.text)")
            let questionID = UUID().text
            let q2 = ["id": questionID, "text": "=HYPERLINK(\"http://evil\"), and is it bronze?"]
            #expect(try await api.call(.post, "/v1/tour-groups/\(groupID)/questions", json: q2, token: ben).status == .created)
            // a retry is stored once
            #expect(try await api.call(.post, "/v1/tour-groups/\(groupID)/questions", json: q2, token: ben).status == .ok)
            let badEmail = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "Hi", "email": "not an email"], token: anaNow)
            #expect(badEmail.status == .unprocessableContent && badEmail.errorFields == ["email"])
            #expect(
                try await api.call(.post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "Hi"], token: guide).status == .forbidden)
            #expect(
                try await api.call(.post, "/v1/tour-groups/\(groupID)/questions", json: ["text": "Hi"], token: stranger).status == .notFound
            )
            let mine = try #require(
                try await api.call(.get, "/v1/tour-groups/\(groupID)/questions", token: anaNow).json["questions"] as? [[String: Any]])
            #expect(mine.count == 1 && mine[0]["text"] as? String == "When was the statue made?")
            let all = try #require(
                try await api.call(.get, "/v1/tour-groups/\(groupID)/questions", token: guide).json["questions"] as? [[String: Any]])
            #expect(all.count == 2)
            let answered = try await api.call(
                .post, "/v1/tour-groups/\(groupID)/questions/\(questionID)/answer", json: ["answer": "Yes, bronze."], token: guide)
            #expect(answered.status == .ok && answered.json["answer"] as? String == "Yes, bronze.")
            #expect(
                try await api.call(.post, "/v1/tour-groups/\(groupID)/questions/\(questionID)/answer", json: ["answer": "No"], token: ben)
                    .status == .forbidden)

            // Deleting before exporting would lose them.
            let early = try await api.call(.delete, "/v1/tour-groups/\(groupID)", token: guide)
            #expect(early.status == .conflict && early.errorCode == "questions_not_exported")
            let csv = try await api.call(.get, "/v1/tour-groups/\(groupID)/questions/export", token: guide)
            #expect(csv.status == .ok && csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition]?.contains("attachment") == true)
            let rows = csv.text.components(separatedBy: "\r\n")
            #expect(rows[0] == "asked_at,participant,email,question,answer,answered_at" && rows.count == 4)
            #expect(rows[1].contains(",Ana,ana@example.org,When was the statue made?,,"))
            // a formula is shown, not run
            #expect(rows[2].contains(",Ben,,\"'=HYPERLINK(\"\"http://evil\"\"), and is it bronze?\",\"Yes, bronze.\","))
            let json = try await api.call(.get, "/v1/tour-groups/\(groupID)/questions/export?format=json", token: guide)
            #expect((json.json["questions"] as? [Any])?.count == 2)
            #expect(try await api.call(.get, "/v1/tour-groups/\(groupID)/questions/export?format=xml", token: guide).status == .badRequest)
            #expect(try await api.call(.get, "/v1/tour-groups/\(groupID)/questions/export", token: anaNow).status == .forbidden)

            let deleted = try await api.call(.delete, "/v1/tour-groups/\(groupID)", token: guide)
            #expect(deleted.status == .noContent)
            #expect(try await api.call(.get, "/v1/tours/\(tourID)", token: anaNow).status == .unauthorized)  // the participant is gone
            // so are the keys
            #expect(try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[2]]).status == .forbidden)
            #expect(try await api.call(.get, "/v1/tour-groups/\(groupID)", token: guide).status == .notFound)
        }
    }

    @Test("guessing passkeys is stopped with 429 per client address, and per tour", arguments: ScratchDatabase.engines)
    func bruteForce(engine: Store.Engine) async throws {
        try await withGuidedTour(engine, configure: { $0.passkeyLimits = .init(perSubject: 100, perAddress: 5) }) { api, tourID, guide, _ in
            let keys = try #require(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "G", "passkeys": 1], token: guide).json["passkeys"]
                    as? [String])
            for guess in ["AAAA-AAAA", "3333-3333", "hello", "4444-4444", "6666-6666"] {
                let r = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": guess])
                #expect(r.status == .forbidden && r.errorCode == "invalid_passkey")
            }
            let blocked = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0]])
            #expect(
                blocked.status == .tooManyRequests && blocked.errorCode == "too_many_attempts"
                    && Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
        try await withGuidedTour(engine, configure: { $0.passkeyLimits = .init(perSubject: 3, perAddress: 100) }) { api, tourID, _, _ in
            for _ in 0..<3 { _ = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": "AAAA-AAAA"]) }
            #expect(try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": "CCCC-CCCC"]).status == .tooManyRequests)
        }
    }

    @Test("indoors, a participant's nearest beacon stamps its stop after the dwell time", arguments: ScratchDatabase.engines)
    func beaconStamps(engine: Store.Engine) async throws {
        let clock = ManualClock(step: 0.001)
        try await withGuidedTour(engine, configure: { $0.clock = clock.wall }) { api, tourID, guide, _ in
            let keys = try #require(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "G", "passkeys": 1], token: guide).json["passkeys"]
                    as? [String])
            let token = try #require(
                try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0]]).json["token"] as? String)
            let beacon = "F7826DA6-4FA2-4E98-8024-BC5B71E0893E/7/2"
            let first = try await api.call(.post, "/v1/tours/\(tourID)/positions", json: ["beacon": beacon], token: token)
            #expect(first.status == .ok && first.json["atStop"] as? String == TourWorld.stops[1].id && first.json["stamped"] == nil)
            clock.advance(by: StampRule().dwell + 1)
            let second = try await api.call(.post, "/v1/tours/\(tourID)/positions", json: ["beacon": beacon.lowercased()], token: token)
            #expect(second.json["stamped"] as? String == TourWorld.stops[1].id)
            // The participant's token opens only its own tour.
            #expect(try await api.call(.get, "/v1/tours", token: token).status == .ok)
            #expect(
                try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "x", "passkeys": 1], token: token).status
                    == .unauthorized)
        }
    }
}

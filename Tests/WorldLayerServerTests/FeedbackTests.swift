import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Feedback from the app's support form")
struct FeedbackTests {
    static func message(_ text: String = "The map is blank on my old phone.", id: String = UUID().text, extra: [String: Any] = [:])
        -> [String: Any]
    {
        ["id": id, "topic": "problem", "message": text, "screen": "#/map"].merging(extra) { $1 }
    }

    @Test(
        "anyone sends feedback, once per id; only admins read it and mark it done; bad input is refused and stores nothing; it goes with a deleted account",
        arguments: ScratchDatabase.engines)
    func sendReadAndHandle(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada"), root = try await api.signUpAndLogIn("root")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(accountID: try #require(try await store.accounts.account(username: "root")).id, role: .admin)
            try await store.close()

            // Signed out, with an address to answer; a retry after a lost answer is the same message.
            let anonymous = UUID().text
            let sent = try await api.call(.post, "/v1/feedback", json: Self.message(id: anonymous, extra: ["email": " me@example.org "]))
            #expect(sent.status == .created && sent.json["id"] as? String == anonymous && sent.json["status"] as? String == "new")
            #expect(sent.json["message"] == nil, "the receipt does not echo what was sent")
            let retried = try await api.call(.post, "/v1/feedback", json: Self.message(id: anonymous, extra: ["email": " me@example.org "]))
            #expect(retried.status == .ok && retried.json["createdAt"] as? String == sent.json["createdAt"] as? String)
            let reused = try await api.call(.post, "/v1/feedback", json: Self.message("Something else", id: anonymous))
            #expect(reused.status == .conflict && reused.errorFields == ["id"])
            // Signed in: the message carries who sent it.
            let idea = Self.message("  Dark map style, please.\n", extra: ["topic": "idea", "screen": ""])
            #expect(try await api.call(.post, "/v1/feedback", json: idea, token: ada).status == .created)

            // Refused, with the field named, and nothing stored.
            for (body, field) in [
                (Self.message("   "), "message"), (Self.message(String(repeating: "x", count: 4_001)), "message"),
                (Self.message(extra: ["email": "not an address"]), "email"),
                (Self.message(extra: ["screen": String(repeating: "s", count: 201)]), "screen"),
            ] {
                let refused = try await api.call(.post, "/v1/feedback", json: body)
                #expect(refused.status == .unprocessableContent && refused.errorFields == [field], "\(refused.text)")
            }
            let badTopic = try await api.call(.post, "/v1/feedback", json: Self.message(extra: ["topic": "rant"]))
            #expect(badTopic.status == .unprocessableContent && badTopic.errorFields == ["topic"])
            let noID = try await api.call(.post, "/v1/feedback", json: ["topic": "idea", "message": "no id"])
            #expect(noID.status == .unprocessableContent && noID.errorFields == ["id"])

            // Only admins read it.
            #expect(try await api.call(.get, "/v1/feedback").status == .unauthorized)
            #expect(try await api.call(.get, "/v1/feedback", token: ada).status == .forbidden)
            let waiting = try #require(try await api.call(.get, "/v1/feedback", token: root).json["feedback"] as? [[String: Any]])
            #expect(waiting.count == 2, "nothing refused was stored: \(waiting)")
            let newest = waiting[0], oldest = waiting[1]
            #expect(newest["username"] as? String == "ada" && newest["topic"] as? String == "idea")
            #expect(newest["message"] as? String == "Dark map style, please." && newest["screen"] == nil)
            #expect(oldest["username"] == nil && oldest["accountId"] == nil && oldest["email"] as? String == "me@example.org")
            #expect(oldest["screen"] as? String == "#/map")
            #expect(try await api.call(.get, "/v1/feedback?all=maybe", token: root).status == .badRequest)

            // Marked done, it leaves the waiting list but not the whole one.
            #expect(try await api.call(.post, "/v1/feedback/\(anonymous)/done", token: ada).status == .forbidden)
            let done = try await api.call(.post, "/v1/feedback/\(anonymous)/done", token: root)
            #expect(done.status == .ok && done.json["status"] as? String == "done")
            #expect(try await api.call(.post, "/v1/feedback/\(UUID().text)/done", token: root).status == .notFound)
            #expect((try await api.call(.get, "/v1/feedback", token: root).json["feedback"] as? [Any])?.count == 1)
            #expect((try await api.call(.get, "/v1/feedback?all=true", token: root).json["feedback"] as? [Any])?.count == 2)

            // Deleting an account deletes what it wrote (its words and address are its own).
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ada).status == .noContent)
            let left = try #require(try await api.call(.get, "/v1/feedback?all=true", token: root).json["feedback"] as? [[String: Any]])
            #expect(left.map { $0["id"] as? String } == [anonymous])
        }
    }

    @Test("a few messages an hour per address; past that a 429 says when to try again", arguments: ScratchDatabase.engines)
    func rateLimited(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.feedbackRate = .count(2, per: 3600) }) { api in
            #expect(try await api.call(.post, "/v1/feedback", json: Self.message()).status == .created)
            #expect(try await api.call(.post, "/v1/feedback", json: Self.message()).status == .created)
            let third = try await api.call(.post, "/v1/feedback", json: Self.message())
            #expect(third.status == .tooManyRequests && third.errorCode == "rate_limited" && third.headers[.retryAfter] != nil)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// A moderator suspends an account for a time: its sessions end at once, it cannot sign in (and
/// is told why, once it gives the right password), and the decision is in the moderation log.
@Suite("Suspensions through the API")
struct SuspensionAPITests {
    @Test(
        "a suspended account's session ends and signing in says until when and why; lifted, it signs in again; all of it logged",
        arguments: ScratchDatabase.engines)
    func suspendAndLift(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let spammer = try await api.signUpAndLogIn("spammer")
            let mod = try await api.signUpAndLogIn("mod"), other = try await api.signUpAndLogIn("other")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)
            try await store.close()
            let week = SuspensionRequest(hours: 168, reason: "Ads for watches on every wall")

            // Only moderators; only for a reason and a time; not a moderator by a moderator.
            #expect(try await api.call(.put, "/v1/moderation/accounts/spammer/suspension", json: week, token: other).status == .forbidden)
            let vague = try await api.call(
                .put, "/v1/moderation/accounts/spammer/suspension", json: SuspensionRequest(hours: 0, reason: " "), token: mod)
            #expect(vague.status == .unprocessableContent && Set(vague.errorFields) == ["hours", "reason"])
            #expect(try await api.call(.put, "/v1/moderation/accounts/nobody/suspension", json: week, token: mod).status == .notFound)
            #expect(try await api.call(.put, "/v1/moderation/accounts/mod/suspension", json: week, token: mod).status == .forbidden)
            #expect(try await api.call(.get, "/v1/me", token: spammer).status == .ok, "nothing refused has changed anything")

            let suspended = try await api.call(.put, "/v1/moderation/accounts/spammer/suspension", json: week, token: mod)
            #expect(suspended.status == .ok, "\(suspended.text)")
            #expect(suspended.json["reason"] as? String == "Ads for watches on every wall")
            #expect(try await api.call(.get, "/v1/me", token: spammer).status == .unauthorized, "the session ended")
            #expect(
                try await api.call(.put, "/v1/stickers/\(UUID().text)", json: Fixtures.sticker(), token: spammer).status == .unauthorized)
            let login = try await api.call(.post, "/v1/sessions", json: ["login": "spammer", "password": Fixtures.password])
            #expect(login.status == .forbidden && login.errorCode == "account_suspended")
            struct Refusal: Decodable {
                struct Detail: Decodable { var suspension: Suspension }
                var error: Detail
            }
            let said = try login.decoded(Refusal.self).error.suspension
            #expect(said.reason == "Ads for watches on every wall" && said.until > Date().addingTimeInterval(167 * 3_600))
            let guess = try await api.call(.post, "/v1/sessions", json: ["login": "spammer", "password": "wrong guess"])
            #expect(guess.status == .unauthorized && !guess.text.contains("watches"), "a wrong password learns nothing of it")
            let listed = try await api.call(.get, "/v1/moderation/suspensions", token: mod)
            #expect((listed.json["suspensions"] as? [[String: Any]])?.compactMap { $0["username"] as? String } == ["spammer"])

            #expect(try await api.call(.delete, "/v1/moderation/accounts/spammer/suspension", token: mod).status == .noContent)
            #expect(try await api.call(.delete, "/v1/moderation/accounts/spammer/suspension", token: mod).status == .notFound)
            let again = try await api.logIn("spammer")
            #expect(try await api.call(.get, "/v1/me", token: again).status == .ok)
            let log = try await api.call(.get, "/v1/moderation/log", token: mod).json["actions"] as? [[String: Any]] ?? []
            #expect(Set(log.compactMap { $0["action"] as? String }) == ["suspend", "lift_suspension"], "\(log)")
        }
    }

    @Test("a suspension ends by itself when its time is up", arguments: ScratchDatabase.engines)
    func endsByItself(engine: Store.Engine) async throws {
        let clock = ManualClock()
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(
            engine,
            configure: {
                $0.database = url
                $0.clock = clock.wall
            }
        ) { api in
            try await api.signUpAndLogIn("napper")
            try await api.signUpAndLogIn("mod")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)
            try await store.close()
            let mod = try await api.logIn("mod")
            let day = SuspensionRequest(hours: 24, reason: "Cool off")
            #expect(try await api.call(.put, "/v1/moderation/accounts/napper/suspension", json: day, token: mod).status == .ok)
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "napper", "password": Fixtures.password]).status == .forbidden)
            clock.advance(by: 24 * 3_600 + 1)
            #expect(try await api.call(.get, "/v1/me", token: try await api.logIn("napper")).status == .ok)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Lost passwords and confirmed addresses")
struct AccountEmailTests {
    @Test(
        "a new account is mailed a link that confirms its address; opened twice it says so twice; a link not ours changes nothing",
        arguments: ScratchDatabase.engines)
    func verification(engine: Store.Engine) async throws {
        let mail = MailFolder()
        try await withServer(
            engine,
            configure: {
                $0.mailSender = mail.sender; $0.publicURL = "https://worldlayer.example/"
            }
        ) { api in
            let ana = try await api.signUpAndLogIn("ana")
            #expect(try await api.call(.get, "/v1/me", token: ana).json["emailVerified"] as? Bool == false)
            let message = try #require(try await mail.waitForMessages(to: "ana@example.org", subject: "Confirm").first)
            #expect(message.body.contains("https://worldlayer.example/#/verify/wlv_"))
            let token = try #require(message.token(after: "#/verify/"))
            #expect(try await api.call(.post, "/v1/email-verifications", json: ["token": "wlv_nothing"]).errorCode == "link_unknown")
            let verified = try await api.call(.post, "/v1/email-verifications", json: ["token": token])
            #expect(verified.status == .ok && verified.json["emailVerified"] as? Bool == true)
            #expect(try await api.call(.get, "/v1/me", token: ana).json["emailVerified"] as? Bool == true)
            // Opened again: the same answer, not an error.
            let again = try await api.call(.post, "/v1/email-verifications", json: ["token": token])
            #expect(again.status == .ok && again.json["emailVerified"] as? Bool == true)
            // Confirmed already: asking again sends nothing more.
            #expect(try await api.call(.post, "/v1/me/email-verification", token: ana).status == .ok)
            #expect(try await mail.waitForMessages(2, to: "ana@example.org", subject: "Confirm", upTo: 1).count == 1)
        }
    }

    @Test(
        "a forgotten password: the same answer for anyone, a one-hour link to the address, every session ended, spent once, three an hour at most",
        arguments: ScratchDatabase.engines)
    func reset(engine: Store.Engine) async throws {
        let mail = MailFolder()
        let clock = ManualClock()
        try await withServer(
            engine,
            configure: {
                $0.mailSender = mail.sender; $0.clock = clock.wall
            }
        ) { api in
            let ana = try await api.signUpAndLogIn("ana")
            let other = try await api.logIn("ana")
            let known = try await api.call(.post, "/v1/password-resets", json: ["login": "ANA@example.org"])
            let unknown = try await api.call(.post, "/v1/password-resets", json: ["login": "nobody@example.org"])
            #expect(known.status == .accepted && unknown.status == .accepted && known.text == unknown.text)
            #expect(try await api.call(.post, "/v1/password-resets", json: ["login": " "]).status == .unprocessableContent)
            let message = try #require(try await mail.waitForMessages(to: "ana@example.org", subject: "new WorldLayer password").first)
            let token = try #require(message.token(after: "#/reset/"))
            #expect(token.hasPrefix("wlr_"))

            // A weak password is refused and spends nothing.
            let weak = try await api.call(.post, "/v1/password-resets/redeem", json: ["token": token, "password": "short"])
            #expect(weak.status == .unprocessableContent && weak.errorFields == ["password"])
            let done = try await api.call(.post, "/v1/password-resets/redeem", json: ["token": token, "password": "a brand new secret"])
            #expect(done.status == .ok && done.json["username"] as? String == "ana")
            for session in [ana, other] { #expect(try await api.call(.get, "/v1/me", token: session).status == .unauthorized) }
            #expect(
                try await api.call(.post, "/v1/sessions", json: ["login": "ana", "password": Fixtures.password]).status == .unauthorized)
            #expect(try await api.call(.post, "/v1/sessions", json: ["login": "ana", "password": "a brand new secret"]).status == .created)
            let reused = try await api.call(.post, "/v1/password-resets/redeem", json: ["token": token, "password": "yet another secret"])
            #expect(reused.status == .gone && reused.errorCode == "link_used")

            // Two more this hour; the fourth is not mailed. An hour and a minute on, a link has expired.
            for _ in 0..<3 { _ = try await api.call(.post, "/v1/password-resets", json: ["login": "ana"]) }
            _ = try await mail.waitForMessages(3, to: "ana@example.org", subject: "new WorldLayer password")
            let sent = try await mail.waitForMessages(4, to: "ana@example.org", subject: "new WorldLayer password", upTo: 1)
            #expect(sent.count == 3)
            let late = try #require(sent.compactMap { $0.token(after: "#/reset/") }.first { $0 != token })
            clock.advance(by: 3660)
            let expired = try await api.call(.post, "/v1/password-resets/redeem", json: ["token": late, "password": "too late now"])
            #expect(expired.status == .gone && expired.errorCode == "link_expired")
        }
    }

    @Test("asking for resets is limited per client address", arguments: [Store.Engine.sqlite])
    func perAddress(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.mailRate = .init(perSecond: 1.0 / 3600, burst: 2) }) { api in
            for _ in 0..<2 { #expect(try await api.call(.post, "/v1/password-resets", json: ["login": "x"]).status == .accepted) }
            let refused = try await api.call(.post, "/v1/password-resets", json: ["login": "x"])
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerServices
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Web Push")
struct WebPushTests {
    @Test(
        "a push reaches the subscribed browser encrypted to it and signed with the site's key; quiet hours hold it back; a gone browser is forgotten",
        arguments: ScratchDatabase.engines)
    func pushes(engine: Store.Engine) async throws {
        try await LoopbackPushService.with { service in
            try await withServer(engine, configure: { $0.pushInterval = .milliseconds(100) }) { api in
                let ana = try await api.signUpAndLogIn("ana"), ben = try await api.signUpAndLogIn("ben")
                let cyd = try await api.signUpAndLogIn("cyd"), dan = try await api.signUpAndLogIn("dan")
                let siteKey = try #require(try await api.call(.get, "/v1/push/key").json["publicKey"] as? String)
                let browser = service.subscribe("bens-phone")
                #expect(try await api.call(.post, "/v1/me/push-subscriptions", json: browser, token: ben).status == .noContent)

                #expect(try await api.call(.put, "/v1/me/follows/ben", token: ana).status == .ok)
                let received = try #require(try await service.waitForMessages(1, for: "bens-phone").first)
                #expect(received.vapidValid && received.publicKey == siteKey)
                #expect(received.headers[HTTPField.Name("Content-Encoding")!] == "aes128gcm")
                #expect(received.headers[HTTPField.Name("TTL")!] != nil)
                let message = try #require(received.message)
                #expect(message.title == "New follower" && message.body.contains("ana") && message.url == "/#/inbox")

                // Pushes off for followers: the inbox has it, the phone stays quiet.
                let noPush = ["kinds": ["follower": ["inbox": true, "push": false]]]
                #expect(try await api.call(.put, "/v1/me/notification-settings", json: noPush, token: ben).status == .ok)
                _ = try await api.call(.put, "/v1/me/follows/ben", token: cyd)
                // Quiet hours all day long in Helsinki: nothing is pushed, whatever the kind.
                let quiet: [String: Any] = ["quietHours": ["from": "00:00", "until": "23:59", "timeZone": "Europe/Helsinki"]]
                #expect(try await api.call(.put, "/v1/me/notification-settings", json: quiet, token: ben).status == .ok)
                _ = try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: ben)
                _ = try await api.call(.put, "/v1/me/follows/ben", token: dan)
                // Back to every push: dan asks again (his unread request is withdrawn and made anew), and only that is pushed.
                #expect(try await api.call(.put, "/v1/me/notification-settings", json: [String: String](), token: ben).status == .ok)
                _ = try await api.call(.delete, "/v1/me/follows/ben", token: dan)
                _ = try await api.call(.put, "/v1/me/follows/ben", token: dan)
                let two = try await service.waitForMessages(2, for: "bens-phone")
                #expect(two.count == 2 && two.last?.message?.title == "Follow request")
                let inbox = try await api.call(.get, "/v1/me/notifications", token: ben)
                #expect(
                    (inbox.json["notifications"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == [
                        "follow_request", "follower", "follower",
                    ])

                // The person revokes permission: the service says gone, and the server stops sending there.
                service.revoke("bens-phone")
                _ = try await api.call(.delete, "/v1/me/follows/ben", token: ana)
                _ = try await api.call(.put, "/v1/me/follows/ben", token: ana)
                try await Self.waitUntil { service.goneAnswers(for: "bens-phone") == 1 }
                try await Task.sleep(for: .milliseconds(200))
                let forgotten = try await api.call(
                    .post, "/v1/me/push-subscriptions/remove", json: ["endpoint": browser.endpoint], token: ben)
                #expect(forgotten.status == .notFound)
                #expect(service.messages(for: "bens-phone").count == 2)
            }
        }
    }

    @Test("a subscription that is not a push service's refuses with each field named", arguments: [Store.Engine.sqlite])
    func badSubscription(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana")
            let bad = PushSubscription(endpoint: "http://push.example/x", keys: .init(p256dh: "AAAA", auth: "not base64 url!"))
            let refused = try await api.call(.post, "/v1/me/push-subscriptions", json: bad, token: ana)
            #expect(refused.status == .unprocessableContent && Set(refused.errorFields) == ["endpoint", "keys.p256dh", "keys.auth"])
            #expect(try await api.call(.post, "/v1/me/push-subscriptions", json: bad).status == .unauthorized)
            let missing = try await api.call(
                .post, "/v1/me/push-subscriptions/remove", json: ["endpoint": "https://push.example/y"], token: ana)
            #expect(missing.status == .notFound)
        }
    }

    /// Polls `done` for up to ten seconds.
    static func waitUntil(_ done: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await !done(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
    }
}

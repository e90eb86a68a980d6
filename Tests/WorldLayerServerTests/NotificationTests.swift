import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerServices
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Notifications")
struct NotificationTests {
    static func inbox(_ api: API, _ token: String) async throws -> (kinds: [String], unread: Int, items: [[String: Any]]) {
        let r = try await api.call(.get, "/v1/me/notifications", token: token)
        let items = r.json["notifications"] as? [[String: Any]] ?? []
        return (items.compactMap { $0["kind"] as? String }, r.json["unread"] as? Int ?? -1, items)
    }

    static func accountID(_ api: API, _ token: String) async throws -> String {
        try #require(try await api.call(.get, "/v1/me", token: token).json["id"] as? String)
    }

    /// A sticker with these tags `north` metres from the fixtures' spot, placed.
    static func place(_ api: API, _ token: String, north: Double = 0, tags: [String], visibility: Visibility = .public) async throws
        -> String
    {
        let id = UUID().text
        let draft = Fixtures.sticker(north: north, text: "found some", visibility: visibility).with { $0.tags = tags }
        #expect(try await api.call(.put, "/v1/stickers/\(id)", json: draft, token: token).status == .created)
        #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
        return id
    }

    @Test(
        "the inbox: a new follower, a follow request and its approval, once each; read marks; a live socket hears its owner's inbox only",
        arguments: ScratchDatabase.engines)
    func inbox(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana"), ben = try await api.signUpAndLogIn("ben"),
                cyd = try await api.signUpAndLogIn("cyd")
            let benID = try await Self.accountID(api, ben)
            let screen = LiveClient(port: api.port, token: ben)
            screen.send(["type": "subscribe", "cells": [], "topics": ["inbox:\(benID)"]])
            _ = try await screen.next(type: "subscribed")
            let snoop = LiveClient(port: api.port, token: cyd)
            snoop.send(["type": "subscribe", "cells": [], "topics": ["inbox:\(benID)"]])
            #expect(try await snoop.next(type: "error")["message"] as? String != nil)

            #expect(try await api.call(.put, "/v1/me/follows/ben", token: ana).status == .ok)
            let heard = try await screen.next(type: "topic")
            #expect(heard["topic"] as? String == "inbox:\(benID)")
            // Unfollowing and following again while unread is one notification.
            _ = try await api.call(.delete, "/v1/me/follows/ben", token: ana)
            _ = try await api.call(.put, "/v1/me/follows/ben", token: ana)
            var box = try await Self.inbox(api, ben)
            #expect(box.kinds == ["follower"] && box.unread == 1)
            #expect((box.items.first?["actor"] as? [String: Any])?["username"] as? String == "ana")

            // A private account gets a request; the asker learns of the approval.
            _ = try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: cyd)
            #expect(try await api.call(.put, "/v1/me/follows/cyd", token: ana).status == .accepted)
            #expect(try await Self.inbox(api, cyd).kinds == ["follow_request"])
            // Withdrawn before it was seen: gone from the inbox.
            #expect(try await api.call(.delete, "/v1/me/follows/cyd", token: ana).status == .noContent)
            #expect(try await Self.inbox(api, cyd).kinds.isEmpty)
            _ = try await api.call(.put, "/v1/me/follows/cyd", token: ana)
            #expect(try await api.call(.put, "/v1/me/follow-requests/ana", token: cyd).status == .noContent)
            #expect(try await Self.inbox(api, cyd).kinds.isEmpty)  // answered: the request is settled
            #expect(try await Self.inbox(api, ana).kinds == ["follow_approved"])

            // Read marks: one, then all.
            _ = try await api.call(.put, "/v1/me/follows/ben", token: cyd)
            box = try await Self.inbox(api, ben)
            #expect(box.unread == 2)
            let first = try #require(box.items.first?["id"] as? String)
            #expect(try await api.call(.post, "/v1/me/notifications/read", json: ["ids": [first]], token: ben).json["unread"] as? Int == 1)
            #expect(
                try await api.call(.post, "/v1/me/notifications/read", json: [String: String](), token: ben).json["unread"] as? Int == 0)
            #expect(try await Self.inbox(api, ben).kinds.count == 2)

            // A block hides the blocked person's entries.
            #expect(try await api.call(.put, "/v1/me/blocks/cyd", token: ben).status == .noContent)
            #expect(try await Self.inbox(api, ben).kinds == ["follower"])
            #expect(try await api.call(.get, "/v1/me/notifications").status == .unauthorized)
            #expect(try await api.call(.get, "/v1/me/notifications?before=yesterday", token: ben).errorCode == "invalid_parameter")
            // Any RFC 3339 offset is a time (Foundation alone refuses those past ±18:00): 2100 at +21:42 is after both entries.
            let far = try await api.call(.get, "/v1/me/notifications?before=2100-01-22T00%3A40%3A25%2B21%3A42", token: ben)
            #expect(far.status == .ok && (far.json["notifications"] as? [Any])?.count == 1, "\(far.text)")
            await screen.close()
            await snoop.close()
        }
    }

    @Test(
        "a new sticker near home under a tag or by a person I follow: told only to those near enough who may see it",
        arguments: ScratchDatabase.engines)
    func stickersNearHome(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana"), ben = try await api.signUpAndLogIn("ben")
            let far = try await api.signUpAndLogIn("far"), nohome = try await api.signUpAndLogIn("nohome")
            let home: [String: Any] = ["home": ["latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude]]
            _ = try await api.call(.patch, "/v1/me/settings", json: home, token: ben)
            _ = try await api.call(
                .patch, "/v1/me/settings",
                json: ["home": ["latitude": Fixtures.helsinki.latitude + 1, "longitude": Fixtures.helsinki.longitude]],
                token: far)
            for token in [ben, far, nohome] { _ = try await api.call(.put, "/v1/me/tags/mushroom", token: token) }

            let found = try await Self.place(api, ana, north: 500, tags: ["mushroom"])
            var box = try await Self.inbox(api, ben)
            #expect(box.kinds == ["sticker"] && box.items.first?["subject"] as? String == found)
            #expect(box.items.first?["detail"] as? String == "found some")
            #expect(try await Self.inbox(api, far).kinds.isEmpty)  // 111 km from home
            #expect(try await Self.inbox(api, nohome).kinds.isEmpty)  // no home: nothing is near

            // Followers only, and ben does not follow ana: not for him; once he does, the next one is.
            _ = try await Self.place(api, ana, tags: ["mushroom"], visibility: .followers)
            #expect(try await Self.inbox(api, ben).kinds == ["sticker"])
            _ = try await api.call(.put, "/v1/me/follows/ana", token: ben)
            _ = try await Self.place(api, ana, tags: ["birch"], visibility: .followers)
            #expect(try await Self.inbox(api, ben).kinds == ["sticker", "sticker"])

            // His "near" narrowed to 100 m: a sticker 500 m away is not near any more.
            let narrow = try await api.call(.put, "/v1/me/notification-settings", json: ["nearbyMeters": 100], token: ben)
            #expect(narrow.status == .ok && narrow.json["nearbyMeters"] as? Double == 100)
            _ = try await Self.place(api, ana, north: 500, tags: ["mushroom"])
            #expect(try await Self.inbox(api, ben).kinds.count == 2)

            // Stickers out of the inbox by choice.
            let off = try await api.call(
                .put, "/v1/me/notification-settings", json: ["kinds": ["sticker": ["inbox": false, "push": false]]], token: ben)
            #expect(off.status == .ok)
            _ = try await Self.place(api, ana, tags: ["mushroom"])
            box = try await Self.inbox(api, ben)
            #expect(box.kinds.count == 2)
        }
    }

    @Test("settings refuse what they cannot mean, each field named, and change nothing", arguments: [Store.Engine.sqlite])
    func settingsValidation(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana")
            let bad: [String: Any] = [
                "nearbyMeters": 5, "quietHours": ["from": "25:00", "until": "7", "timeZone": "Mars/Olympus"],
            ]
            let refused = try await api.call(.put, "/v1/me/notification-settings", json: bad, token: ana)
            #expect(refused.status == .unprocessableContent)
            #expect(
                Set(refused.errorFields) == ["nearbyMeters", "quietHours.from", "quietHours.until", "quietHours.timeZone"])
            let unknown = try await api.call(
                .put, "/v1/me/notification-settings", json: ["kinds": ["gossip": ["inbox": true, "push": true]]], token: ana)
            #expect(unknown.status == .unprocessableContent)
            let now = try await api.call(.get, "/v1/me/notification-settings", token: ana)
            #expect(now.json["nearbyMeters"] as? Double == NotificationSettings.defaultNearbyMeters && now.json["quietHours"] == nil)
            #expect(((now.json["kinds"] as? [String: Any])?["follower"] as? [String: Bool]) == ["inbox": true, "push": true])
        }
    }

    @Test("a moderator's decision reaches the people who reported it, never saying who decided", arguments: ScratchDatabase.engines)
    func decisions(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                mod = try await api.signUpAndLogIn("mod")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)
            try await store.close()
            let bad = try await Self.place(api, ada, tags: ["rude"])
            let report = try await api.call(.post, "/v1/stickers/\(bad)/reports", json: ["reason": "insulting"], token: ben)
            let reportID = try #require(report.json["id"] as? String)
            #expect(try await api.call(.post, "/v1/moderation/reports/\(reportID)/hide", json: [:], token: mod).status == .ok)
            let box = try await Self.inbox(api, ben)
            #expect(box.kinds == ["report"] && box.items.first?["detail"] as? String == "hidden")
            #expect(box.items.first?["actor"] == nil)  // never who decided
            #expect(try await Self.inbox(api, ada).kinds.isEmpty)
        }
    }
}

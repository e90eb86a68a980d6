import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Sticker ads: advertisers, review, area and schedule")
struct AdTests {
    static let centre = Fixtures.helsinki

    static func ad(text: String = "Coffee -20 %", startsIn: TimeInterval = -3600, lasts: TimeInterval = 86_400, anchorNorth: Double = 0)
        -> [String: Any]
    {
        let d = 0.003
        return [
            "templateId": "heart", "text": "", "color": "#ff3366", "size": 1.0,
            "anchor": ["latitude": centre.latitude + anchorNorth / 111_320, "longitude": centre.longitude, "altitude": 20, "accuracy": 5],
            "area": [
                "ring": [[-d, -d], [-d, d], [d, d], [d, -d]].map {
                    ["latitude": centre.latitude + $0[0], "longitude": centre.longitude + 2 * $0[1]]
                }
            ],
            "startsAt": WireJSON.time(Date().addingTimeInterval(startsIn)),
            "endsAt": WireJSON.time(Date().addingTimeInterval(startsIn + lasts)),
        ]
    }

    @Test(
        "only approved ads show, only to people inside their area during their schedule, labelled; the advertiser can pull them any time",
        arguments: ScratchDatabase.engines)
    func lifecycle(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben"),
                mod = try await api.signUpAndLogIn("mod")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.ads.setAdvertiser(
                accountID: try #require(try await store.accounts.account(username: "ada")).id, name: "Café Ada")
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)
            try await store.close()
            func shown(_ latitude: Double = Self.centre.latitude, _ longitude: Double = Self.centre.longitude) async throws -> [[String:
                Any]]
            {
                try await api.call(.get, "/v1/ads/nearby?latitude=\(latitude)&longitude=\(longitude)").json["ads"] as? [[String: Any]] ?? []
            }

            let id = UUID().text
            let notAdvertiser = try await api.call(.put, "/v1/ads/\(id)", json: Self.ad(), token: ben)
            #expect(notAdvertiser.status == .forbidden && notAdvertiser.errorCode == "not_an_advertiser")
            let bad = try await api.call(
                .put, "/v1/ads/\(id)", json: Self.ad(lasts: -10, anchorNorth: 5_000).merging(["templateId": "nope"]) { $1 }, token: ada)
            #expect(bad.status == .unprocessableContent && Set(bad.errorFields) == ["anchor", "endsAt", "templateId"], "\(bad.text)")
            let created = try await api.call(.put, "/v1/ads/\(id)", json: Self.ad(), token: ada)
            #expect(created.status == .created && created.json["status"] as? String == "draft")
            #expect(try await api.call(.put, "/v1/ads/\(id)", json: Self.ad(), token: ada).status == .ok)  // a retry makes no second ad
            #expect(try await shown().isEmpty)

            #expect(try await api.call(.post, "/v1/ads/\(id)/submit", token: ada).json["status"] as? String == "pending")
            #expect(try await shown().isEmpty)
            let queue = try await api.call(.get, "/v1/moderation/queue", token: mod)
            #expect((queue.json["ads"] as? [[String: Any]])?.first?["id"] as? String == id)
            #expect(try await api.call(.post, "/v1/moderation/ads/\(id)/reject", json: [:], token: mod).status == .unprocessableContent)
            #expect(try await api.call(.post, "/v1/moderation/ads/\(id)/approve", json: [:], token: ben).status == .forbidden)
            #expect(
                try await api.call(.post, "/v1/moderation/ads/\(id)/approve", json: [:], token: mod).json["status"] as? String == "approved"
            )

            let ads = try await shown(Self.centre.latitude + 0.001, Self.centre.longitude)
            #expect(ads.count == 1 && ads[0]["sponsored"] as? Bool == true && ads[0]["advertiser"] as? String == "Café Ada")
            #expect((ads[0]["distance"] as? Double ?? 0) > 100)
            #expect(try await shown(Self.centre.latitude + 0.05, Self.centre.longitude).isEmpty)  // outside the area

            // An edit sends it back to review; until then it is not shown.
            var edited = Self.ad()
            edited["color"] = "#00aa55"
            #expect(try await api.call(.put, "/v1/ads/\(id)", json: edited, token: ada).json["status"] as? String == "draft")
            #expect(try await shown().isEmpty)
            _ = try await api.call(.post, "/v1/ads/\(id)/submit", token: ada)
            _ = try await api.call(.post, "/v1/moderation/ads/\(id)/approve", json: [:], token: mod)
            #expect(try await shown().count == 1)

            // Not before its schedule.
            let later = UUID().text
            _ = try await api.call(.put, "/v1/ads/\(later)", json: Self.ad(startsIn: 86_400), token: ada)
            _ = try await api.call(.post, "/v1/ads/\(later)/submit", token: ada)
            _ = try await api.call(.post, "/v1/moderation/ads/\(later)/approve", json: [:], token: mod)
            #expect(try await shown().map { $0["id"] as? String } == [id])

            // Rejected with a reason the advertiser reads; pulled at any time, for good.
            let rude = UUID().text
            _ = try await api.call(.put, "/v1/ads/\(rude)", json: Self.ad(), token: ada)
            _ = try await api.call(.post, "/v1/ads/\(rude)/submit", token: ada)
            _ = try await api.call(.post, "/v1/moderation/ads/\(rude)/reject", json: ["reason": "Misleading claim"], token: mod)
            let mine = try #require(try await api.call(.get, "/v1/me/ads", token: ada).json["ads"] as? [[String: Any]])
            #expect(mine.first { $0["id"] as? String == rude }?["rejectReason"] as? String == "Misleading claim")
            #expect(try await api.call(.post, "/v1/ads/\(id)/pull", token: ada).json["status"] as? String == "pulled")
            #expect(try await shown().isEmpty)
            #expect(try await api.call(.put, "/v1/ads/\(id)", json: edited.merging(["size": 2.0]) { $1 }, token: ada).status == .conflict)
            #expect(try await api.call(.post, "/v1/ads/\(id)/pull", token: ben).status == .forbidden)
            #expect(try await api.call(.get, "/v1/ads/\(id)", token: ben).status == .notFound)

            let log = try #require(try await api.call(.get, "/v1/moderation/log", token: mod).json["actions"] as? [[String: Any]])
            #expect(
                log.filter { $0["action"] as? String == "approve_ad" }.count == 3 && log.contains { $0["action"] as? String == "reject_ad" }
            )
        }
    }
}

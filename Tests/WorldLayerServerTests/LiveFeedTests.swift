import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 45: the feed follows what is new to it on the one change feed (the topic `feed`): a sticker
/// from a person or tag I follow, placed anywhere, says so; anyone else's does not.
@Suite("Live: the feed")
struct LiveFeedTests {
    @Test("a followed person's or tag's new sticker tells my feed; a stranger's does not; only the signed-in may follow a feed")
    func feedTopic() async throws {
        try await withServer(.sqlite) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob")
            let cyd = try await api.signUpAndLogIn("cyd"), dan = try await api.signUpAndLogIn("dan")
            #expect(try await api.call(.put, "/v1/me/follows/bob", token: ada).status.code < 300)
            #expect(try await api.call(.put, "/v1/me/tags/sieni", token: ada).status.code < 300)
            let feed = LiveClient(port: api.port, token: nil)
            feed.authenticate(ada)
            feed.send(["type": "subscribe", "cells": [], "topics": ["feed"]])
            _ = try await feed.next(type: "subscribed")

            // Far from anything ada looks at: the feed is not about places.
            _ = try await LiveTests.place(api, token: cyd, north: 5_000, text: "a stranger's")
            let after = try #require(try await api.call(.get, "/v1/cells/stickers?cells=00000000").json["seq"] as? Int)
            _ = try await LiveTests.place(api, token: bob, north: 9_000, text: "bob's")
            let told = try await feed.next(type: "topic")
            #expect(told["topic"] as? String == "feed")
            #expect((told["seq"] as? Int ?? 0) > after, "the stranger's sticker said nothing")
            let tagged = UUID().text
            #expect(
                try await api.call(
                    .put, "/v1/stickers/\(tagged)", json: Fixtures.sticker(text: "chanterelles").with { $0.tags = ["sieni"] }, token: dan
                )
                .status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(tagged)/place", token: dan).status == .ok)
            #expect(try await feed.next(type: "topic")["topic"] as? String == "feed", "a followed tag")

            let anonymous = LiveClient(port: api.port, token: nil)
            anonymous.send(["type": "subscribe", "cells": [], "topics": ["feed"]])
            #expect((try await anonymous.next(type: "error")["message"] as? String)?.contains("signed in") == true)
            await anonymous.close()
            await feed.close()
        }
    }
}

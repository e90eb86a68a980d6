import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 45: the guide's screen and a visitor's questions follow their tour group on the one change
/// feed (`tour-group:<id>`), instead of asking again every few seconds.
extension GuidedTourTests {
    @Test(
        "a tour group's topic: the guide hears a visitor join and ask, the visitor hears the answer; nobody else may follow it",
        arguments: ScratchDatabase.engines)
    func groupTopic(engine: Store.Engine) async throws {
        try await withGuidedTour(engine) { api, tourID, guide, _ in
            let made = try await api.call(.post, "/v1/tours/\(tourID)/groups", json: ["name": "morning", "passkeys": 2], token: guide)
            let group = try #require((made.json["group"] as? [String: Any])?["id"] as? String)
            let keys = try #require(made.json["passkeys"] as? [String])
            let topic = "tour-group:\(group)"

            let guideLive = LiveClient(port: api.port, token: nil)
            guideLive.authenticate(guide)
            guideLive.send(["type": "subscribe", "cells": [], "topics": [topic]])
            _ = try await guideLive.next(type: "subscribed")

            let joined = try await api.call(.post, "/v1/tours/\(tourID)/redeem", json: ["passkey": keys[0], "displayName": "Vera"])
            let visitor = try #require(joined.json["token"] as? String)
            #expect(try await guideLive.next(type: "topic")["topic"] as? String == topic, "a visitor joined")

            // The visitor follows the group with the participant's token, signed in by the first frame.
            let visitorLive = LiveClient(port: api.port, token: nil)
            visitorLive.authenticate(visitor)
            #expect(try await visitorLive.next()["type"] as? String == "authenticated")
            visitorLive.send(["type": "subscribe", "cells": [], "topics": [topic]])
            _ = try await visitorLive.next(type: "subscribed")

            let question = UUID().text
            let asked = try await api.call(
                .post, "/v1/tour-groups/\(group)/questions", json: ["id": question, "text": "Who built this?"], token: visitor)
            #expect(asked.status == .created, "\(asked.text)")
            #expect(try await guideLive.next(type: "topic")["topic"] as? String == topic, "a question arrived")
            #expect(try await visitorLive.next(type: "topic")["topic"] as? String == topic)
            let answered = try await api.call(
                .post, "/v1/tour-groups/\(group)/questions/\(question)/answer", json: ["answer": "Engel, in 1822."], token: guide)
            #expect(answered.status == .ok, "\(answered.text)")
            #expect(try await visitorLive.next(type: "topic")["topic"] as? String == topic, "the answer came")

            // Neither a stranger nor anonymous may follow it: an error frame, nothing subscribed.
            let stranger = try await api.signUpAndLogIn("stranger")
            for token in [stranger, nil] {
                let other = LiveClient(port: api.port, token: nil)
                if let token { other.authenticate(token) }
                other.send(["type": "subscribe", "cells": [], "topics": [topic]])
                let refused = try await other.next(type: "error")
                #expect((refused["message"] as? String)?.contains("no such topic") == true)
                await other.close()
            }
            await guideLive.close()
            await visitorLive.close()
        }
    }
}

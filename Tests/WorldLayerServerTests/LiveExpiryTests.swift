import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 45: a sticker whose timer runs out leaves every open screen. Time is the server's injected
/// clock: the hub, the changes feed and the expiry pass all ask it, never the wall clock.
@Suite("Live: expiry by the server's clock")
struct LiveExpiryTests {
    @Test(
        "when the injected clock passes a sticker's end, its socket subscribers and long polls are told it is deleted",
        arguments: ScratchDatabase.engines)
    func expiryReachesSubscribers(engine: Store.Engine) async throws {
        let clock = ManualClock()
        try await withServer(
            engine,
            configure: {
                $0.clock = clock.wall; $0.expiryInterval = .milliseconds(100)
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await LiveTests.cell(api, token: ada)
            let (viewer, _) = try await LiveClient.subscribed(port: api.port, to: [cell])
            let id = UUID().text
            let body = Fixtures.sticker(text: "for a minute").with { $0.expiresAt = clock.now.addingTimeInterval(60) }
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: ada).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            let created = try await viewer.next(type: "event")
            #expect(created["event"] as? String == "created" && created["stickerId"] as? String == id)
            let seq = try #require(created["seq"] as? Int)

            clock.advance(by: 61)
            let ended = try await viewer.next(type: "event")
            #expect(ended["event"] as? String == "deleted" && ended["stickerId"] as? String == id)
            // A client that was away asks from where it was: the same ending.
            let changes = try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(seq)").json["changes"] as? [[String: Any]]
            let kinds = (changes ?? []).map { "\($0["event"] ?? "")/\($0["stickerId"] ?? "")" }
            #expect(kinds == ["deleted/\(id)"])
            await viewer.close()
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// StickARs' "followers only": a sticker its author's followers see, on every path, and that comes and
/// goes on an open screen the moment someone follows or stops following.
@Suite("Stickers for followers only")
struct FollowersAudienceTests {
    @Test(
        "followers see it (by id, nearby, feed, live); others do not; following and unfollowing show and hide it live",
        arguments: ScratchDatabase.engines)
    func followersOnly(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana")
            let ben = try await api.signUpAndLogIn("ben")
            let cy = try await api.signUpAndLogIn("cyd")
            #expect(try await api.call(.put, "/v1/me/follows/ana", token: ben).status == .ok)
            let cell = try await LiveTests.cell(api, token: ana)
            let (benScreen, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: ben)
            let (cyScreen, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: cy)

            let id = try await LiveTests.place(api, token: ana, north: 1, text: "for my followers", visibility: .followers)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ana).json["visibility"] as? String == "followers")
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ben).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: cy).status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .notFound)
            #expect(try await Self.nearby(api, token: ben).contains(id))
            #expect(try await !Self.nearby(api, token: cy).contains(id))
            let feed = try await api.call(.get, "/v1/feed", token: ben).json["items"] as? [[String: Any]] ?? []
            #expect(feed.contains { ($0["sticker"] as? [String: Any])?["id"] as? String == id && $0["reason"] as? String == "person" })

            // Live: Ben is told at once; Cy's next event is a public sticker placed after it.
            let told = try await benScreen.next(type: "event")
            #expect(told["stickerId"] as? String == id && told["event"] as? String == "created", "\(told)")
            let open = try await LiveTests.place(api, token: ana, north: 2, text: "for everyone")
            #expect(try await cyScreen.next(type: "event")["stickerId"] as? String == open)

            // Cy follows: the screen is told to load again, and the load holds it. Ben stops: it goes.
            #expect(try await api.call(.put, "/v1/me/follows/ana", token: cy).status == .ok)
            _ = try await cyScreen.next(type: "reset")
            #expect(try await Self.inCell(api, cell, token: cy).contains(id))
            #expect(try await api.call(.delete, "/v1/me/follows/ana", token: ben).status == .noContent)
            _ = try await Self.nextReset(benScreen)
            #expect(try await !Self.inCell(api, cell, token: ben).contains(id))
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ben).status == .notFound)
            await benScreen.close()
            await cyScreen.close()
        }
    }

    @Test(
        "a removed follower: followers-only stickers leave their screen", arguments: ScratchDatabase.engines
    )
    func removedFollower(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ana = try await api.signUpAndLogIn("ana")
            let ben = try await api.signUpAndLogIn("ben")
            #expect(try await api.call(.put, "/v1/me/follows/ana", token: ben).status == .ok)
            let id = try await LiveTests.place(api, token: ana, north: 1, text: "for my followers", visibility: .followers)
            let cell = try await LiveTests.cell(api, token: ana)
            let (screen, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: ben)
            #expect(try await Self.inCell(api, cell, token: ben).contains(id))
            #expect(try await api.call(.delete, "/v1/me/followers/ben", token: ana).status == .noContent)
            _ = try await Self.nextReset(screen)
            #expect(try await !Self.inCell(api, cell, token: ben).contains(id))
            await screen.close()
        }
    }

    /// The next `reset`, past the events of stickers written meanwhile.
    static func nextReset(_ screen: LiveClient) async throws -> [String: Any] {
        while true {
            let frame = try await screen.next()
            if frame["type"] as? String == "reset" { return frame }
        }
    }

    static func nearby(_ api: API, token: String) async throws -> [String] {
        let page = try await api.call(
            .get, "/v1/stickers/nearby?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=50",
            token: token)
        return (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
    }

    static func inCell(_ api: API, _ cell: String, token: String) async throws -> [String] {
        let page = try await api.call(.get, "/v1/cells/stickers?cells=\(cell)", token: token)
        return (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }
}

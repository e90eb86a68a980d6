import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Invite links to a private worldmap: made by its owner only, joined by whoever opens one while it
/// lasts (once, for a single-use link), unknown to everyone once used, expired or revoked.
@Suite("Invite links to a private worldmap")
struct WorldmapInviteTests {
    @Test(
        "a single-use link joins one person, who then sees the map's stickers; a second person is told it is used; only the owner makes links",
        arguments: ScratchDatabase.engines)
    func singleUse(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let owner = try await api.signUpAndLogIn("landlord")
            let renter = try await api.signUpAndLogIn("renter"), late = try await api.signUpAndLogIn("late")
            let made = try await api.call(
                .post, "/v1/worldmaps",
                json: NewPrivateWorldmap(name: "Flat 4B", latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude),
                token: owner)
            let map = try #require(made.json["id"] as? String)
            let note = UUID().text
            let draft = Fixtures.sticker(text: "Bins go out on Tuesdays", worldmapId: map)
            #expect(try await api.call(.put, "/v1/stickers/\(note)", json: draft, token: owner).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(note)/place", token: owner).status == .ok)

            #expect(
                try await api.call(.post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: true), token: renter).status
                    == .notFound)
            let bad = try await api.call(
                .post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: true, validForHours: 0), token: owner)
            #expect(bad.status == .unprocessableContent && bad.errorFields == ["validForHours"])
            let invite = try await api.call(.post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: true), token: owner)
            #expect(invite.status == .created, "\(invite.text)")
            let token = try #require(invite.json["token"] as? String)
            #expect(invite.json["link"] as? String == "/#/join/\(token)")

            #expect(try await api.call(.get, "/v1/stickers/\(note)", token: renter).status == .notFound)
            #expect(try await api.call(.post, "/v1/invites/\(token)").status == .unauthorized)
            let joined = try await api.call(.post, "/v1/invites/\(token)", token: renter)
            #expect(joined.status == .ok && joined.json["id"] as? String == map, "\(joined.text)")
            #expect(try await api.call(.post, "/v1/invites/\(token)", token: renter).status == .ok, "a member again is not a use")
            #expect(try await api.call(.get, "/v1/stickers/\(note)", token: renter).json["text"] as? String == "Bins go out on Tuesdays")
            // A member is not the owner: they make no links.
            #expect(
                try await api.call(.post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: true), token: renter).status
                    == .forbidden)

            let used = try await api.call(.post, "/v1/invites/\(token)", token: late)
            #expect(used.status == .notFound && used.errorCode == "not_found")
            #expect(try await api.call(.post, "/v1/invites/wli_nonsense", token: late).status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(note)", token: late).status == .notFound)
        }
    }

    @Test("a lasting link joins anyone until it expires or its owner revokes the links", arguments: ScratchDatabase.engines)
    func expiringAndRevoked(engine: Store.Engine) async throws {
        let clock = ManualClock()
        try await withServer(engine, configure: { $0.clock = clock.wall }) { api in
            let owner = try await api.signUpAndLogIn("host")
            let guests = try await [api.signUpAndLogIn("guest1"), api.signUpAndLogIn("guest2"), api.signUpAndLogIn("guest3")]
            let made = try await api.call(
                .post, "/v1/worldmaps",
                json: NewPrivateWorldmap(name: "Garden", latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude),
                token: owner)
            let map = try #require(made.json["id"] as? String)
            let day = try await api.call(
                .post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: false, validForHours: 24), token: owner)
            let token = try #require(day.json["token"] as? String)
            #expect(try await api.call(.post, "/v1/invites/\(token)", token: guests[0]).status == .ok)
            #expect(try await api.call(.post, "/v1/invites/\(token)", token: guests[1]).status == .ok, "a lasting link is not spent")
            clock.advance(by: 24 * 3_600 + 1)
            #expect(try await api.call(.post, "/v1/invites/\(token)", token: guests[2]).status == .notFound, "expired")

            let week = try await api.call(.post, "/v1/worldmaps/\(map)/invites", json: NewInvite(singleUse: false), token: owner)
            let again = try #require(week.json["token"] as? String)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(map)/invites", token: guests[0]).status == .forbidden)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(map)/invites", token: owner).status == .noContent)
            #expect(try await api.call(.post, "/v1/invites/\(again)", token: guests[2]).status == .notFound, "revoked")
            let members = try await api.call(.get, "/v1/worldmaps/\(map)/members", token: owner).json["members"] as? [[String: Any]] ?? []
            #expect(Set(members.compactMap { $0["username"] as? String }) == ["host", "guest1", "guest2"])
        }
    }
}

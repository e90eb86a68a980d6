import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// What is shared with a private group reaches only the people its members invite (issue 27, finding 13).
@Suite("Private groups")
struct PrivateGroupTests {
    @Test(
        "a private group is found and joined only by invitation; its shared stickers stay with its members",
        arguments: ScratchDatabase.engines)
    func privateGroup(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                eve = try await api.signUpAndLogIn("eve")
            let created = try await api.call(.post, "/v1/groups", json: ["name": "Quiet garden", "private": true], token: ada)
            #expect(created.status == .created && created.json["isPrivate"] as? Bool == true)
            let group = try #require(created.json["id"] as? String)
            let open = try await api.call(.post, "/v1/groups", json: ["name": "Quiet street"], token: ada)
            #expect(open.json["isPrivate"] as? Bool == false)

            // Outsiders find nothing and cannot join.
            let search = try await api.call(.get, "/v1/search/groups?q=quiet", token: eve)
            #expect((search.json["groups"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Quiet street"])
            #expect(try await api.call(.get, "/v1/groups/\(group)", token: eve).status == .notFound)
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: eve).status == .notFound)
            #expect(!(try await api.call(.get, "/v1/suggestions", token: eve).text.contains("Quiet garden")))

            // Ada shares a sticker with the group; Eve never sees it.
            let sticker = UUID().text
            let body = Fixtures.sticker(text: "for the garden", visibility: .shared).with { $0.sharedWithGroups = [group] }
            #expect(try await api.call(.put, "/v1/stickers/\(sticker)", json: body, token: ada).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(sticker)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)", token: eve).status == .notFound)

            // Invited, Bob sees the group in his invitations, joins, and sees the sticker.
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: eve).status == .notFound)  // not Eve's to invite
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: ada).status == .noContent)
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: ada).status == .noContent)  // twice is once
            let invited = try await api.call(.get, "/v1/me/group-invitations", token: bob)
            #expect((invited.json["groups"] as? [[String: Any]])?.first?["invited"] as? Bool == true)
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)", token: bob).status == .notFound)
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: bob).json["member"] as? Bool == true)
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)", token: bob).status == .ok)
            #expect((try await api.call(.get, "/v1/me/group-invitations", token: bob).json["groups"] as? [Any])?.isEmpty == true)
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: ada).errorCode == "already_member")
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/nobody", token: ada).status == .notFound)
        }
    }

    @Test("an invitation can be declined, and a block either way ends it", arguments: ScratchDatabase.engines)
    func declineAndBlock(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob")
            let group = try #require(
                try await api.call(.post, "/v1/groups", json: ["name": "Quiet garden", "private": true], token: ada).json["id"] as? String)
            func invitations() async throws -> Int {
                (try await api.call(.get, "/v1/me/group-invitations", token: bob).json["groups"] as? [Any])?.count ?? -1
            }
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: ada).status == .noContent)
            #expect(try await invitations() == 1)
            #expect(try await api.call(.delete, "/v1/me/group-invitations/\(group)", token: bob).status == .noContent)
            #expect(try await invitations() == 0)
            #expect(try await api.call(.get, "/v1/groups/\(group)", token: bob).status == .notFound, "hidden again")
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: bob).status == .notFound)
            #expect(try await api.call(.delete, "/v1/me/group-invitations/\(group)", token: bob).status == .notFound)

            // Invited again, then Bob blocks Ada: the invitation goes with her.
            #expect(try await api.call(.put, "/v1/groups/\(group)/invitations/bob", token: ada).status == .noContent)
            #expect(try await api.call(.put, "/v1/me/blocks/ada", token: bob).status == .noContent)
            #expect(try await invitations() == 0)
            #expect(try await api.call(.put, "/v1/groups/\(group)/members/me", token: bob).status == .notFound)
        }
    }
}

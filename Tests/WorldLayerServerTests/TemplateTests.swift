import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Templates: the library, submissions and review")
struct TemplateTests {
    @Test("the built-in library: eight templates of three kinds, each with a PNG preview and a real asset")
    func library() async throws {
        try await withServer(.sqlite) { api in
            let list = try await api.call(.get, "/v1/templates")
            let templates = list.json["templates"] as? [[String: Any]] ?? []
            let ids = Set(templates.compactMap { $0["id"] as? String })
            #expect(ids == ["sticky-note", "arrow", "heart", "star", "mushroom", "trail-marker", "billboard", "speech-bubble"])
            #expect(Set(templates.compactMap { $0["kind"] as? String }) == ["image", "model", "text"])
            for t in templates {
                let preview = try await api.call(.get, t["previewUrl"] as? String ?? "")
                #expect(preview.status == .ok && preview.headers[.contentType] == "image/png" && preview.data.starts(with: [0x89, 0x50]))
                let etag = try #require(preview.headers[.eTag])
                #expect(try await api.call(.get, t["previewUrl"] as? String ?? "", headers: [.ifNoneMatch: etag]).status == .notModified)
                if t["kind"] as? String == "model" {
                    let model = try await api.call(.get, t["assetUrl"] as? String ?? "")
                    #expect(
                        model.status == .ok && model.headers[.contentType] == "model/gltf-binary"
                            && model.data.starts(with: Array("glTF".utf8)))
                }
            }
        }
    }

    @Test(
        "a submission is usable only by its author until a moderator approves it; rejection carries a reason",
        arguments: ScratchDatabase.engines)
    func review(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let bob = try await api.signUpAndLogIn("bob")
            let mod = try await api.signUpAndLogIn("mod")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(
                accountID: try #require(try await store.accounts.account(username: "mod")).id, role: .moderator)
            try await store.close()

            let png = try await api.call(.get, "/v1/templates/heart/preview")
            let preview = png.data.base64EncodedString()
            let body: [String: Any] = ["id": "ada-flag", "name": "Ada's flag", "kind": "text", "takesText": true, "preview": preview]
            let submitted = try await api.call(.post, "/v1/templates", json: body, token: ada)
            #expect(submitted.status == .created && submitted.json["status"] as? String == "pending")
            #expect(try await api.call(.post, "/v1/templates", json: body, token: ada).status == .ok)  // a retry
            // Bad submissions: 422 naming the field.
            let bad = try await api.call(
                .post, "/v1/templates", json: body.merging(["id": "X", "kind": "model", "preview": "aGVsbG8="]) { $1 }, token: ada)
            #expect(bad.status == .unprocessableContent && Set(bad.errorFields) == ["id", "asset", "preview"])

            // Only Ada can use it; others do not even see it.
            #expect(
                try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(template: "ada-flag"), token: ada)
                    .status == .created)
            let bobUses = try await api.call(
                .put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(template: "ada-flag"), token: bob)
            #expect(bobUses.status == .unprocessableContent && bobUses.errorFields == ["templateId"])
            #expect(try await api.call(.get, "/v1/templates/ada-flag", token: bob).status == .notFound)

            // Review: users may not, moderators see the queue and decide.
            #expect(try await api.call(.get, "/v1/moderation/templates", token: bob).status == .forbidden)
            let queue = try await api.call(.get, "/v1/moderation/templates", token: mod)
            #expect((queue.json["templates"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["ada-flag"])
            #expect(try await api.call(.post, "/v1/templates/ada-flag/approve", token: bob).status == .forbidden)
            let approved = try await api.call(.post, "/v1/templates/ada-flag/approve", token: mod)
            #expect(approved.json["status"] as? String == "approved")
            #expect(try await api.call(.post, "/v1/templates/ada-flag/approve", token: mod).status == .conflict)
            #expect(
                try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(template: "ada-flag"), token: bob)
                    .status == .created)

            var second = body
            second["id"] = "ada-rude"
            #expect(try await api.call(.post, "/v1/templates", json: second, token: ada).status == .created)
            #expect(
                try await api.call(.post, "/v1/templates/ada-rude/reject", json: ["reason": ""], token: mod).status == .unprocessableContent
            )
            #expect(
                try await api.call(.post, "/v1/templates/ada-rude/reject", json: ["reason": "offensive wording"], token: mod).status == .ok)
            let mine = try await api.call(.get, "/v1/templates/ada-rude", token: ada)
            #expect(mine.json["status"] as? String == "rejected" && mine.json["rejectReason"] as? String == "offensive wording")
            #expect(
                try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(template: "ada-rude"), token: ada)
                    .status == .unprocessableContent)
        }
    }
}

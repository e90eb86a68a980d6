import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Content warnings through the API: stored in one form, refused when unknown, an edit that adds
/// "age-restricted" takes a sticker away from minors, and what names a sticker (share page titles,
/// popular and searched tags) does not give an adults-only one away.
@Suite("Content warnings: graphic and age-restricted stickers")
struct ContentWarningAPITests {
    static func place(_ api: API, _ token: String, north: Double, text: String, warnings: [String]?, tags: [String] = ["demo"])
        async throws -> String
    {
        let id = UUID().text
        let body = Fixtures.sticker(north: north, text: text).with {
            $0.tags = tags
            $0.contentWarnings = warnings?.compactMap(ContentWarning.init(rawValue:))
        }
        let put = try await api.call(.put, "/v1/stickers/\(id)", json: body, token: token)
        guard put.status == .created else { throw HelperFailure("create failed: \(put.text)") }
        guard try await api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok else { throw HelperFailure("place failed") }
        return id
    }

    @Test(
        "warnings are stored each once in one order; an unknown one is a 422 naming the field, and nothing is stored",
        arguments: ScratchDatabase.engines)
    func stored(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let id = try await Self.place(api, ada, north: 1, text: "both", warnings: ["age-restricted", "graphic", "graphic"])
            let read = try await api.call(.get, "/v1/stickers/\(id)", token: ada)
            #expect(read.json["contentWarnings"] as? [String] == ["graphic", "age-restricted"])
            let plain = try await Self.place(api, ada, north: 2, text: "plain", warnings: [])
            #expect(try await api.call(.get, "/v1/stickers/\(plain)", token: ada).json["contentWarnings"] == nil)

            let bad = UUID().text
            let refused = try await api.call(
                .put, "/v1/stickers/\(bad)", json: (try Fixtures.sticker().jsonObject).merging(["contentWarnings": ["gory"]]) { $1 },
                token: ada)
            #expect(refused.status == .unprocessableContent && refused.text.contains("contentWarnings"), "\(refused.text)")
            #expect(try await api.call(.get, "/v1/stickers/\(bad)", token: ada).status == .notFound)
        }
    }

    @Test("an edit that adds 'age-restricted' takes the sticker from a minor and keeps it for adults", arguments: ScratchDatabase.engines)
    func editRestricts(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), grown = try await api.signUpAndLogIn("grown")
            let teen = try await api.signUpAndLogIn("teen", birthday: Fixtures.birthday(yearsAgo: 17))
            let justEighteen = try await api.signUpAndLogIn("eighteen", birthday: Fixtures.birthday(yearsAgo: 18))
            let id = try await Self.place(api, ada, north: 1, text: "night out", warnings: nil)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: teen).status == .ok)

            let edit = Fixtures.sticker(north: 1, text: "night out").with { $0.contentWarnings = [.ageRestricted] }.edit(version: 2)
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: edit, token: ada).status == .ok)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: teen).status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: grown).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: justEighteen).status == .ok, "18 today is an adult")
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: ada).status == .ok)
        }
    }

    @Test(
        "share pages fold a warned sticker behind its warning and title it by the warning; adults-only tags are not suggested",
        arguments: ScratchDatabase.engines)
    func namesDoNotGiveAway(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let graphic = try await Self.place(api, ada, north: 1, text: "the accident", warnings: ["graphic"])
            let page = try await api.call(.get, "/s/\(graphic)", headers: [.accept: "text/html"])
            #expect(page.status == .ok)
            #expect(page.text.contains("<title>Content warning: graphic · WorldLayer sticker</title>"))
            #expect(page.text.contains(#"<meta property="og:title" content="Content warning: graphic">"#))
            let folded = try #require(page.text.range(of: "<details class=\"warning\">"))
            #expect(page.text.range(of: "the accident")!.lowerBound > folded.lowerBound, "the text is inside the fold")

            _ = try await Self.place(api, ada, north: 2, text: "for adults", warnings: ["age-restricted"], tags: ["afterdark"])
            _ = try await Self.place(api, ada, north: 3, text: "coffee", warnings: nil, tags: ["kahvi"])
            let suggested = try await api.call(.get, "/v1/suggestions?latitude=60.1699&longitude=24.9384", token: ben)
            let tags = (suggested.json["tags"] as? [[String: Any]] ?? []).compactMap { $0["tag"] as? String }
            #expect(tags.contains("kahvi") && !tags.contains("afterdark"), "\(tags)")
            let searched = try await api.call(.get, "/v1/search/tags?q=after", token: ben)
            #expect((searched.json["tags"] as? [Any])?.isEmpty == true, "\(searched.text)")
        }
    }
}

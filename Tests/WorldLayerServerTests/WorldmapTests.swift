import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Worldmaps: public per cell, private with members, relocalization assets")
struct WorldmapTests {
    @Test(
        "a cell's public worldmap comes into being with its first placed sticker (a draft tells nobody)", arguments: ScratchDatabase.engines
    )
    func publicWorldmap(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let probe = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "p", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude], token: ada)
            let cell = try #require(probe.json["cell"] as? String)
            #expect(try await api.call(.get, "/v1/cells/\(cell)/worldmap").status == .notFound)
            let id = UUID().uuidString
            let sticker = try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: ada)
            #expect(try await api.call(.get, "/v1/cells/\(cell)/worldmap").status == .notFound)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            let worldmap = try await api.call(.get, "/v1/cells/\(cell)/worldmap")
            #expect(worldmap.status == .ok && worldmap.json["isPrivate"] as? Bool == false)
            #expect(worldmap.json["id"] as? String == sticker.json["worldmapId"] as? String)
            #expect(try await api.call(.get, "/v1/cells/nonsense/worldmap").status == .badRequest)
        }
    }

    @Test("private worldmaps: the owner invites and removes members; deleting one deletes its stickers", arguments: ScratchDatabase.engines)
    func privateWorldmap(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let bob = try await api.signUpAndLogIn("bob")
            let eve = try await api.signUpAndLogIn("eve")
            let w = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "Treasure hunt", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude],
                token: ada)
            let id = try #require(w.json["id"] as? String)
            #expect(try await api.call(.get, "/v1/worldmaps/\(id)", token: bob).status == .notFound)
            #expect(try await api.call(.put, "/v1/worldmaps/\(id)/members/bob", token: ada).status == .noContent)
            #expect(try await api.call(.put, "/v1/worldmaps/\(id)/members/eve", token: bob).status == .forbidden)
            #expect(try await api.call(.put, "/v1/worldmaps/\(id)/members/nobody", token: ada).status == .notFound)
            let members = try await api.call(.get, "/v1/worldmaps/\(id)/members", token: bob)
            #expect((members.json["members"] as? [[String: Any]])?.compactMap { $0["username"] as? String } == ["ada", "bob"])
            #expect((try await api.call(.get, "/v1/me/worldmaps", token: bob).json["worldmaps"] as? [Any])?.count == 1)

            let clue = UUID().text
            #expect(
                try await api.call(.put, "/v1/stickers/\(clue)", json: Fixtures.sticker(text: "clue 1", worldmapId: id), token: ada).status
                    == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(clue)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(clue)", token: bob).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(clue)", token: eve).status == .notFound)
            // Eve cannot put stickers on a worldmap she is not in; nobody can put one far from it.
            let eveTries = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(worldmapId: id), token: eve)
            #expect(eveTries.status == .unprocessableContent && eveTries.errorFields == ["worldmapId"])
            let far = try await api.call(
                .put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(north: 2_000, worldmapId: id), token: ada)
            #expect(far.status == .unprocessableContent && far.errorFields == ["anchor"])

            #expect(try await api.call(.delete, "/v1/worldmaps/\(id)/members/bob", token: ada).status == .noContent)
            #expect(try await api.call(.get, "/v1/stickers/\(clue)", token: bob).status == .notFound)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(id)", token: bob).status == .notFound)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(id)", token: ada).status == .noContent)
            #expect(try await api.call(.get, "/v1/stickers/\(clue)", token: ada).status == .notFound)
            #expect((try await api.call(.get, "/v1/me/stickers", token: ada).json["stickers"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("snapshot and device map: versions, ETags, conditional uploads, size and type checks", arguments: ScratchDatabase.engines)
    func assets(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let bob = try await api.signUpAndLogIn("bob")
            let w = try await api.call(.post, "/v1/worldmaps", json: ["name": "Lab", "latitude": 60.17, "longitude": 24.94], token: ada)
            let id = try #require(w.json["id"] as? String)
            let photo = try await api.call(.get, "/v1/templates/star/asset")  // a 512×512 PNG
            func upload(_ kind: String, _ bytes: Data, headers: HTTPFields = [:]) async throws -> APIResponse {
                var h = headers
                h[.contentType] = kind == "snapshot" ? "image/png" : "application/octet-stream"
                return try await api.call(.put, "/v1/worldmaps/\(id)/\(kind)", bytes: bytes, token: ada, headers: h)
            }
            #expect(try await api.call(.get, "/v1/worldmaps/\(id)/snapshot", token: ada).status == .notFound)
            let v1 = try await upload("snapshot", photo.data)
            #expect(v1.status == .created && v1.json["version"] as? Int == 1 && v1.json["contentType"] as? String == "image/png")
            let etag = try #require(v1.headers[.eTag])
            #expect(try await upload("snapshot", photo.data).status == .ok)  // the same bytes again are not a new version
            let got = try await api.call(.get, "/v1/worldmaps/\(id)/snapshot", token: ada)
            #expect(got.status == .ok && got.data == photo.data && got.headers[.eTag] == etag)
            #expect(
                try await api.call(.get, "/v1/worldmaps/\(id)/snapshot", token: ada, headers: [.ifNoneMatch: etag]).status == .notModified)
            #expect(try await api.call(.get, "/v1/worldmaps/\(id)/snapshot", token: bob).status == .notFound)

            #expect(try await upload("snapshot", Data("not an image".utf8)).status == .unsupportedMediaType)
            let map1 = try await upload("device-map", Data("ARWorldMap v1".utf8))
            #expect(map1.status == .created)
            let map2 = try await upload("device-map", Data("ARWorldMap v2".utf8), headers: [.ifMatch: map1.headers[.eTag]!])
            #expect(map2.status == .created && map2.json["version"] as? Int == 2)
            // A device that read v1 and uploads again loses to the newer map.
            #expect(
                try await upload("device-map", Data("ARWorldMap v1b".utf8), headers: [.ifMatch: map1.headers[.eTag]!]).status
                    == .preconditionFailed)
            #expect(try await api.call(.get, "/v1/worldmaps/\(id)/device-map", token: ada).text == "ARWorldMap v2")
            let old = try await api.call(.get, "/v1/worldmaps/\(id)/device-map?version=1", token: ada)
            #expect(old.text == "ARWorldMap v1" && old.headers[.init("WorldLayer-Version")!] == "1")
            let versions = try await api.call(.get, "/v1/worldmaps/\(id)/assets", token: ada)
            #expect((versions.json["device-map"] as? [[String: Any]])?.compactMap { $0["version"] as? Int } == [2, 1])
            let huge = Data(count: (16 << 20) + 1)
            #expect(try await upload("device-map", huge).status == .contentTooLarge)
        }
    }

    @Test(
        "device maps uploaded side by side: each is a version of its own; of those that read one version, exactly one wins",
        arguments: ScratchDatabase.engines)
    func concurrentAssets(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let w = try await api.call(.post, "/v1/worldmaps", json: ["name": "Lab", "latitude": 60.17, "longitude": 24.94], token: ada)
            let id = try #require(w.json["id"] as? String)
            @Sendable func uploadSideBySide(_ count: Int, ifMatch: String?) async throws -> [APIResponse] {
                try await api.sideBySide(count) { own, n in
                    var h: HTTPFields = [.contentType: "application/octet-stream"]
                    h[.ifMatch] = ifMatch
                    return try await own.call(
                        .put, "/v1/worldmaps/\(id)/device-map", bytes: Data("map \(n) \(ifMatch ?? "")".utf8), token: ada, headers: h)
                }
            }
            let free = try await uploadSideBySide(8, ifMatch: nil)
            #expect(free.allSatisfy { $0.status == .created }, "\(free.map(\.status))")
            #expect(Set(free.compactMap { $0.json["version"] as? Int }) == Set(1...8))
            let newest = try await api.call(.get, "/v1/worldmaps/\(id)/device-map", token: ada)
            let conditional = try await uploadSideBySide(8, ifMatch: try #require(newest.headers[.eTag]))
            #expect(conditional.filter { $0.status == .created }.count == 1, "\(conditional.map(\.status))")
            #expect(conditional.allSatisfy { $0.status == .created || $0.status == .preconditionFailed }, "\(conditional.map(\.status))")
        }
    }
}

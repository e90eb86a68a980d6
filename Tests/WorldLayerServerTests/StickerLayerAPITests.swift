import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// The layers a person chooses (StickARs' opt-in AR): the server sends only the layer's stickers —
/// nearby, by cell and live — and never more than the viewer may see.
@Suite("Sticker layers through the API")
struct StickerLayerAPITests {
    @Test(
        "public, following and one private map: nearby and by cell send only the layer's stickers; an unknown layer is a 400",
        arguments: ScratchDatabase.engines)
    func nearbyAndCells(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                cy = try await api.signUpAndLogIn("cyd")
            #expect(try await api.call(.put, "/v1/me/follows/bob", token: ada).status.code < 300)
            #expect(try await api.call(.put, "/v1/me/tags/sieni", token: ada).status.code < 300)
            let flat = try #require(
                try await api.call(
                    .post, "/v1/worldmaps",
                    json: NewPrivateWorldmap(name: "Flat", latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude),
                    token: ada
                ).json["id"] as? String)
            func place(_ draft: StickerDraft, _ token: String) async throws -> String {
                let id = UUID().text
                #expect(try await api.call(.put, "/v1/stickers/\(id)", json: draft, token: token).status == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
                return id
            }
            let at = "latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=50"
            let cells = try #require(try await api.call(.get, "/v1/cells/cover?\(at)").json["cells"] as? [String]).joined(separator: ",")
            let mark = try #require(try await api.call(.get, "/v1/changes?cells=\(cells)").json["seq"] as? Int)
            let mine = try await place(Fixtures.sticker(north: 1, text: "mine"), ada)
            let bobs = try await place(Fixtures.sticker(north: 2, text: "bob's"), bob)
            let tagged = try await place(Fixtures.sticker(north: 3, text: "chanterelles").with { $0.tags = ["sieni"] }, cy)
            let other = try await place(Fixtures.sticker(north: 4, text: "a stranger's"), cy)
            let onFlat = try await place(Fixtures.sticker(north: 5, text: "bins on Tuesday", worldmapId: flat), ada)

            func nearby(_ layer: String?) async throws -> Set<String> {
                let page = try await api.call(.get, "/v1/stickers/nearby?\(at)" + (layer.map { "&layer=\($0)" } ?? ""), token: ada)
                return Set(
                    (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String })
            }
            #expect(try await nearby(nil) == [mine, bobs, tagged, other, onFlat])
            #expect(try await nearby("public") == [mine, bobs, tagged, other])
            #expect(try await nearby("following") == [mine, bobs, tagged])
            #expect(try await nearby("worldmap:\(flat)") == [onFlat])
            // A page of one, read on to fill it: the layer's nearest, then the next by its cursor.
            let first = try await api.call(.get, "/v1/stickers/nearby?\(at)&layer=following&limit=1", token: ada)
            let firstIDs = (first.json["stickers"] as? [[String: Any]] ?? []).compactMap {
                ($0["sticker"] as? [String: Any])?["id"] as? String
            }
            #expect(firstIDs == [mine] && first.json["next"] is String)

            let bad = try await api.call(.get, "/v1/stickers/nearby?\(at)&layer=everything", token: ada)
            #expect(bad.status == .badRequest && bad.errorCode == "invalid_parameter")
            // Someone else's map as a layer shows nothing of it.
            let othersMap = try await api.call(.get, "/v1/stickers/nearby?\(at)&layer=worldmap:\(flat)", token: bob)
            #expect(othersMap.status == .ok && (othersMap.json["stickers"] as? [Any])?.isEmpty == true)

            let inCells = try await api.call(.get, "/v1/cells/stickers?cells=\(cells)&layer=following", token: ada)
            #expect(Set((inCells.json["stickers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == [mine, bobs, tagged])
            // The change feed since before any of them, in the layer: only its stickers, each once placed.
            let changed = try await api.call(.get, "/v1/changes?cells=\(cells)&since=\(mark)&layer=following", token: ada)
            let placed = (changed.json["changes"] as? [[String: Any]] ?? []).filter { $0["sticker"] != nil }.compactMap {
                $0["stickerId"] as? String
            }
            #expect(Set(placed) == [mine, bobs, tagged], "\(changed.text.prefix(400))")
        }
    }

    @Test("a live socket on the following layer gets a followed person's new sticker, not a stranger's; a sticker leaving the layer goes")
    func live() async throws {
        try await withServer(.sqlite) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                cy = try await api.signUpAndLogIn("cyd")
            #expect(try await api.call(.put, "/v1/me/follows/bob", token: ada).status.code < 300)
            let at = "latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=50"
            let cells = try #require(try await api.call(.get, "/v1/cells/cover?\(at)").json["cells"] as? [String])
            let socket = LiveClient(port: api.port, token: nil)
            socket.authenticate(ada)
            socket.send(["type": "subscribe", "cells": cells, "layer": "following"])
            _ = try await socket.next(type: "subscribed")

            _ = try await LiveTests.place(api, token: cy, north: 1, text: "a stranger's")
            let bobs = try await LiveTests.place(api, token: bob, north: 2, text: "bob's")
            let event = try await socket.next(type: "event")
            #expect(event["stickerId"] as? String == bobs && event["event"] as? String == "created", "the stranger's came first: \(event)")

            // Ada stops following bob: his sticker leaves the layer, and placing it again brings nothing.
            #expect(try await api.call(.delete, "/v1/me/follows/bob", token: ada).status.code < 300)
            _ = try await socket.next(type: "reset")
            func editAndPlace(_ text: String) async throws {
                let current = try await api.call(.get, "/v1/stickers/\(bobs)", token: bob).json["version"] as? Int ?? 0
                #expect(
                    try await api.call(
                        .put, "/v1/stickers/\(bobs)", json: Fixtures.sticker(north: 2, text: text).edit(version: current), token: bob
                    ).status == .ok)
                #expect(try await api.call(.post, "/v1/stickers/\(bobs)/place", token: bob).status == .ok)
            }
            try await editAndPlace("bob's, edited")
            #expect(try await socket.next(type: "event")["event"] as? String == "deleted")
            // Following him again: his next edit and placing come as before (and the placing above never came).
            #expect(try await api.call(.put, "/v1/me/follows/bob", token: ada).status.code < 300)
            try await editAndPlace("bob's, again")
            let next = try await socket.next(type: "event"), last = try await socket.next(type: "event")
            #expect(next["event"] as? String == "deleted" && last["event"] as? String == "created", "\(next) \(last)")
            #expect((last["sticker"] as? [String: Any])?["text"] as? String == "bob's, again")

            let wrong = LiveClient(port: api.port, token: nil)
            wrong.send(["type": "subscribe", "cells": cells, "layer": "nonsense"])
            #expect((try await wrong.next(type: "error")["message"] as? String)?.contains("layer") == true)
            await wrong.close()
            await socket.close()
        }
    }

    @Test("a narrow layer among many stickers: one request reads a bounded number of pages, and its cursor goes on from there")
    func narrowLayerBounded() async throws {
        try await withServer(.sqlite) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                cyd = try await api.signUpAndLogIn("cyd")
            _ = try await api.call(.put, "/v1/me/follows/bob", token: ada)
            func place(_ draft: StickerDraft, _ token: String) async throws -> String {
                let id = UUID().text
                _ = try await api.call(.put, "/v1/stickers/\(id)", json: draft, token: token)
                _ = try await api.call(.post, "/v1/stickers/\(id)/place", token: token)
                return id
            }
            // Twenty strangers' stickers nearer than the one followed: more than a request reads at limit 1.
            for n in 0..<20 { _ = try await place(Fixtures.sticker(north: Double(n) * 0.5, text: "crowd \(n)"), cyd) }
            let bobs = try await place(Fixtures.sticker(north: 30, text: "bob's"), bob)
            let at = "latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=50&layer=following&limit=1"
            var cursor: String?
            var found: [String] = []
            var requests = 0
            repeat {
                let page = try await api.call(
                    .get,
                    "/v1/stickers/nearby?\(at)"
                        + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? ""),
                    token: ada)
                #expect(page.status == .ok)
                found += (page.json["stickers"] as? [[String: Any]] ?? []).compactMap {
                    ($0["sticker"] as? [String: Any])?["id"] as? String
                }
                cursor = page.json["next"] as? String
                requests += 1
            } while cursor != nil && requests < 10
            #expect(found == [bobs])
            #expect(requests == 2, "the first request stops after a bounded number of batches and says where to go on")
        }
    }
}

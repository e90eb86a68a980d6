import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Restricted zones")
struct RestrictedZoneTests {
    /// A zone 44 m (north–south) by 44 m around Helsinki's fixture point, written to the store at `url`.
    static func addZone(_ name: String, kind: String, to url: DatabaseURL) async throws {
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        let (lat, lon) = Fixtures.helsinki
        try await store.zones.putZone(
            RestrictedZone(
                name: name, kind: kind,
                polygon: GeoPolygon([
                    Coordinate(latitude: lat - 0.0002, longitude: lon - 0.0004),
                    Coordinate(latitude: lat - 0.0002, longitude: lon + 0.0004),
                    Coordinate(latitude: lat + 0.0002, longitude: lon + 0.0004),
                    Coordinate(latitude: lat + 0.0002, longitude: lon - 0.0004),
                ])))
        try await store.close()
    }

    @Test("placement inside a restricted zone is a 422 naming the zone; outside it is fine", arguments: ScratchDatabase.engines)
    func refused(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let token = try await api.signUpAndLogIn("ada")
            // A draft made before the zone existed cannot be placed once it does.
            let early = UUID().uuidString
            #expect(try await api.call(.put, "/v1/stickers/\(early)", json: Fixtures.sticker(), token: token).status == .created)

            try await Self.addZone("Vanha hautausmaa", kind: "cemetery", to: url)
            let (lat, lon) = Fixtures.helsinki

            let inside = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(north: 5), token: token)
            #expect(inside.status == .unprocessableContent && inside.errorCode == "restricted_zone")
            #expect(inside.text.contains("Vanha hautausmaa") && inside.errorFields == ["anchor"])
            // The zone's name as data, for a client to put in its own words.
            let zone = (inside.json["error"] as? [String: Any])?["zone"] as? [String: Any]
            #expect(zone?["name"] as? String == "Vanha hautausmaa" && zone?["kind"] as? String == "cemetery", "\(inside.text)")
            let place = try await api.call(.post, "/v1/stickers/\(early)/place", token: token)
            #expect(place.status == .unprocessableContent && place.text.contains("Vanha hautausmaa"))
            let outside = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(north: 60), token: token)
            #expect(outside.status == .created)
            #expect((try await api.call(.get, "/v1/me/stickers", token: token).json["stickers"] as? [Any])?.count == 2)

            // Asked before placing (signed in or not): whether a spot is in a zone, and which.
            let here = try await api.call(.get, "/v1/zones/at?latitude=\(lat + 0.00005)&longitude=\(lon)")
            #expect(here.status == .ok && here.json["restricted"] as? Bool == true)
            #expect((here.json["zone"] as? [String: Any])?["name"] as? String == "Vanha hautausmaa")
            #expect((here.json["zone"] as? [String: Any])?["kind"] as? String == "cemetery")
            let free = try await api.call(.get, "/v1/zones/at?latitude=\(lat + 0.001)&longitude=\(lon)")
            #expect(free.json["restricted"] as? Bool == false && free.json["zone"] == nil)
            #expect(try await api.call(.get, "/v1/zones/at?latitude=95&longitude=\(lon)").status == .badRequest)
        }
    }
}

extension RestrictedZoneTests {
    @Test(
        "a scene anchor obeys its sticker's placement rules: not in a zone, not where its author stands in one, near its sticker, not at a pole",
        arguments: ScratchDatabase.engines)
    func sceneAnchors(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            // The sticker stands 40 m north of a zone 44 m across.
            let sticker = try await SceneAnchorTests.place(api, Fixtures.sticker(north: 40), token: ada)
            try await Self.addZone("Muistomerkki", kind: "memorial", to: url)
            let (lat, lon) = Fixtures.helsinki
            func anchor(latitude: Double, heading: Double, distance: Double) async throws -> APIResponse {
                try await api.call(
                    .put,
                    "/v1/stickers/\(sticker)/scene?latitude=\(latitude)&longitude=\(lon)&heading=\(heading)&fov=60&distance=\(distance)",
                    bytes: try SceneAnchorTests.media("poster/anchor.jpg"), token: ada, headers: [.contentType: "image/jpeg"])
            }
            let north44 = lat + 0.0004
            // Seen from 44 m north, looking south at a wall 30 m away: the scene is inside the zone.
            let intoZone = try await anchor(latitude: north44, heading: 180, distance: 30)
            #expect(intoZone.status == .unprocessableContent && intoZone.errorCode == "restricted_zone", "\(intoZone.text)")
            #expect(intoZone.text.contains("Muistomerkki"))
            // Captured from inside the zone, looking out.
            let fromZone = try await anchor(latitude: lat, heading: 0, distance: 3)
            #expect(fromZone.errorCode == "restricted_zone", "\(fromZone.text)")
            // A scene a kilometre from its sticker, and one at the pole.
            let far = try await anchor(latitude: lat + 0.01, heading: 0, distance: 3)
            #expect(
                far.status == .unprocessableContent && far.errorFields == ["latitude"] && far.text.contains("within 50 m"), "\(far.text)")
            let pole = try await anchor(latitude: 90, heading: 0, distance: 3)
            #expect(pole.status == .unprocessableContent && pole.errorFields == ["latitude"], "\(pole.text)")
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)/scene", token: ada).status == .notFound, "nothing stored")
            // Beside the sticker, outside the zone: anchored.
            let beside = try await anchor(latitude: north44, heading: 0, distance: 3)
            #expect(beside.status == .created, "\(beside.text)")
        }
    }
}

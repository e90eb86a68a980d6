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
    @Test("placement inside a restricted zone is a 422 naming the zone; outside it is fine", arguments: ScratchDatabase.engines)
    func refused(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let token = try await api.signUpAndLogIn("ada")
            // A draft made before the zone existed cannot be placed once it does.
            let early = UUID().uuidString
            #expect(try await api.call(.put, "/v1/stickers/\(early)", json: Fixtures.sticker(), token: token).status == .created)

            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            let (lat, lon) = Fixtures.helsinki
            try await store.zones.putZone(
                RestrictedZone(
                    name: "Vanha hautausmaa", kind: "cemetery",
                    polygon: GeoPolygon([
                        Coordinate(latitude: lat - 0.0002, longitude: lon - 0.0004),
                        Coordinate(latitude: lat - 0.0002, longitude: lon + 0.0004),
                        Coordinate(latitude: lat + 0.0002, longitude: lon + 0.0004),
                        Coordinate(latitude: lat + 0.0002, longitude: lon - 0.0004),
                    ])))
            try await store.close()

            let inside = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(north: 5), token: token)
            #expect(inside.status == .unprocessableContent && inside.errorCode == "restricted_zone")
            #expect(inside.text.contains("Vanha hautausmaa") && inside.errorFields == ["anchor"])
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

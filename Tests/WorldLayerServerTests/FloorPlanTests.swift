import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Floor plans through the API: admins set, replace and remove a level's plan; anyone reads them
/// with the place, lowest level first.
@Suite("Floor plans of places")
struct FloorPlanTests {
    @Test(
        "plans per level: set and replaced by admins only, pictures only, listed lowest first, served with an ETag, removed",
        arguments: ScratchDatabase.engines)
    func plans(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let admin = try await SecurityTests.makeAdmin(api, "admin", database: url)
            let ada = try await api.signUpAndLogIn("ada")
            let made = try await api.call(
                .post, "/v1/places",
                json: ["name": "Library", "kind": "building:library", "position": ["latitude": 60.1714, "longitude": 24.946]],
                token: admin)
            let place = try #require(made.json["id"] as? String)
            let red = try await api.call(.get, "/v1/templates/heart/preview").data
            let yellow = try await api.call(.get, "/v1/templates/sticky-note/preview").data
            func put(_ level: String, _ data: Data, token: String?) async throws -> APIResponse {
                try await api.call(
                    .put, "/v1/places/\(place)/plans/\(level)", bytes: data, token: token, headers: [.contentType: "image/png"])
            }
            #expect(try await put("0", red, token: ada).status == .forbidden)
            #expect(try await put("0", red, token: nil).status == .unauthorized)
            #expect(try await put("first_floor", red, token: admin).status == .badRequest)
            #expect(try await put("12345678901", red, token: admin).status == .badRequest)
            #expect(try await put("0", Data("not a picture".utf8), token: admin).status == .unsupportedMediaType)
            #expect(try await api.call(.get, "/v1/places/\(place)").json["floorPlans"] == nil, "nothing stored by the refusals")

            for level in ["2", "-1", "0"] { #expect(try await put(level, red, token: admin).status == .ok) }
            let listed = (try await api.call(.get, "/v1/places/\(place)").json["floorPlans"] as? [[String: Any]] ?? []).compactMap {
                $0["level"] as? String
            }
            #expect(listed == ["-1", "0", "2"])
            let first = try await api.call(.get, "/v1/places/\(place)/plans/0")
            #expect(first.status == .ok && first.data == red && first.headers[.contentType] == "image/png")
            let etag = try #require(first.headers[.eTag])
            #expect(try await api.call(.get, "/v1/places/\(place)/plans/0", headers: [.ifNoneMatch: etag]).status == .notModified)

            // Replaced: the same address answers the new picture.
            #expect(try await put("0", yellow, token: admin).status == .ok)
            let second = try await api.call(.get, "/v1/places/\(place)/plans/0", headers: [.ifNoneMatch: etag])
            #expect(second.status == .ok && second.data == yellow)

            #expect(try await api.call(.delete, "/v1/places/\(place)/plans/2", token: ada).status == .forbidden)
            #expect(try await api.call(.delete, "/v1/places/\(place)/plans/2", token: admin).status == .noContent)
            #expect(try await api.call(.delete, "/v1/places/\(place)/plans/2", token: admin).status == .notFound)
            #expect(try await api.call(.get, "/v1/places/\(place)/plans/2").status == .notFound)
            #expect(try await put("0", red, token: admin).status == .ok)
            #expect(try await api.call(.put, "/v1/places/\(UUID().text)/plans/0", bytes: red, token: admin).status == .notFound)

            // Stored pictures are shared by their bytes: the same bytes sent first as a device map
            // (any bytes, application/octet-stream) are still served as the plan's PNG.
            let map = try await api.call(
                .post, "/v1/worldmaps", json: ["name": "Here", "latitude": 60.1714, "longitude": 24.946], token: admin)
            let mapID = try #require(map.json["id"] as? String)
            let noise = Data(red.dropLast(4)) + Data("tail".utf8)
            #expect(
                try await api.call(
                    .put, "/v1/worldmaps/\(mapID)/device-map", bytes: noise, token: admin,
                    headers: [.contentType: "application/octet-stream"]
                ).status == .created)
            #expect(try await put("3", noise, token: admin).status == .ok)
            #expect(try await api.call(.get, "/v1/places/\(place)/plans/3").headers[.contentType] == "image/png")
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Stops opened by their signs, through the API: a camera frame that shows a stop's sign picture
/// (real photographs: a phone's picture of a book cover, RealPhotoTests') names that stop; one that
/// shows nothing of the tour names none; a sign or ambient sound of the wrong kind is refused.
@Suite("Tour stop signs and ambient sounds through the API")
struct TourSignTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Media/realphotos/pages")

    /// An admin's token with a narration and a cover picture uploaded, their media ids.
    static func adminWithMedia(_ world: TourWorld, _ api: API) async throws -> (admin: String, audio: String, cover: String) {
        let admin = try await world.admin(api)
        let audio = try await TourWorld.upload(api, try TourWorld.narration("Welcome"), admin: admin)
        return (admin, audio, try await TourWorld.upload(api, TourWorld.png, admin: admin))
    }

    @Test("a frame showing a stop's sign names that stop; a frame of something else names none", arguments: ScratchDatabase.engines)
    func recognized(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await withServer(engine, configure: world.configure) { api in
            let (admin, audio, cover) = try await Self.adminWithMedia(world, api)
            let signs = try ["t0000", "t0001"].map { try Data(contentsOf: Self.photos.appendingPathComponent("targets/\($0).jpg")) }
            var body = TourWorld.tourBody(slug: "signs", mode: "open", audio: audio, cover: cover)
            var stops = body["stops"] as! [[String: Any]]
            for (i, sign) in signs.enumerated() {
                stops[i]["sign"] = ["id": try await TourWorld.upload(api, sign, admin: admin), "name": "media/sign-\(i + 1).jpg"]
            }
            stops[0]["ambient"] = ["id": audio, "name": "media/ambient.mp3"]
            body["stops"] = stops
            let put = try await api.call(.put, "/v1/tours/10000000-0000-4000-8000-0000000000a1", json: body, token: admin)
            #expect(put.status == .ok || put.status == .created, "\(put.text)")
            let tour = try await api.call(.get, "/v1/tours/signs")
            let stored = try #require(tour.json["stops"] as? [[String: Any]])
            #expect((stored[1]["sign"] as? [String: Any])?["contentType"] as? String == "image/jpeg")
            #expect((stored[0]["ambient"] as? [String: Any])?["contentType"] as? String == "audio/mpeg")

            let frame = try Data(contentsOf: Self.photos.appendingPathComponent("frames/let-us-c-1.0x-20deg-0.jpg"))
            let seen = try await api.call(.post, "/v1/tours/signs/signs/recognize", bytes: frame, headers: [.contentType: "image/jpeg"])
            #expect(seen.status == .ok && seen.json["recognized"] as? Bool == true, "\(seen.text)")
            #expect(seen.json["stopId"] as? String == TourWorld.stops[1].id, "\(seen.text)")

            let nothing = try await api.call(
                .post, "/v1/tours/signs/signs/recognize", bytes: TourWorld.png, headers: [.contentType: "image/png"])
            #expect(
                nothing.status == .ok && nothing.json["recognized"] as? Bool == false && nothing.json["stopId"] == nil, "\(nothing.text)")
            let junk = try await api.call(
                .post, "/v1/tours/signs/signs/recognize", bytes: Data("not a picture".utf8), headers: [.contentType: "image/jpeg"])
            #expect(junk.status == .unsupportedMediaType && junk.errorCode == "unsupported_media_type", "\(junk.text)")
            #expect(
                try await api.call(.post, "/v1/tours/nowhere/signs/recognize", bytes: frame, headers: [.contentType: "image/jpeg"]).status
                    == .notFound)
        }
    }

    @Test("a sign must be a picture; an ambient sound must be audio on a stop with a position", arguments: ScratchDatabase.engines)
    func refused(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await withServer(engine, configure: world.configure) { api in
            let (admin, audio, cover) = try await Self.adminWithMedia(world, api)
            var body = TourWorld.tourBody(slug: "bad-signs", mode: "open", audio: audio, cover: cover)
            var stops = body["stops"] as! [[String: Any]]
            stops[0]["sign"] = ["id": audio]
            stops[1]["ambient"] = ["id": cover]
            stops[2]["ambient"] = ["id": audio]
            stops[2]["position"] = nil
            stops[2]["beacon"] = ["uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": 7, "minor": 3, "txPower": -61]
            body["stops"] = stops
            let put = try await api.call(.put, "/v1/tours/10000000-0000-4000-8000-0000000000a2", json: body, token: admin)
            #expect(put.status == .unprocessableContent, "\(put.text)")
            #expect(Set(put.errorFields) == ["stops[0].sign", "stops[1].ambient", "stops[2].ambient"], "\(put.text)")
            #expect(try await api.call(.get, "/v1/tours/bad-signs").status == .notFound)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Open tours through the API: media, availability, markers, next stop, stamps")
struct OpenTourTests {
    /// The railway station square: outside the tour's area, a few hundred metres from its stops.
    static let station = Coordinate(latitude: 60.1710, longitude: 24.9414)

    /// Positions walking through `targets` from `start`, none more than 8 m after the one before.
    static func strides(from start: Coordinate, through targets: [Coordinate]) -> [Coordinate] {
        var points = [start]
        for target in targets {
            while case let leg = Geodesic.wgs84.inverse(points.last!, target), leg.distance > 8 {
                points.append(Geodesic.wgs84.direct(from: points.last!, azimuth: leg.initialAzimuth, distance: 8).coordinate)
            }
            points.append(target)
        }
        return points
    }

    @Test("media uploads are checked by their bytes; downloads support ranges and caching", arguments: ScratchDatabase.engines)
    func media(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await withServer(engine, configure: world.configure) { api in
            let admin = try await world.admin(api)
            let user = try await api.signUpAndLogIn("walker")
            #expect(try await api.call(.post, "/v1/media", bytes: TourWorld.png, token: user).status == .forbidden)
            #expect(try await api.call(.post, "/v1/media", bytes: TourWorld.png).status == .unauthorized)
            let junk = try await api.call(.post, "/v1/media", bytes: Data("<html>not media</html>".utf8), token: admin)
            #expect(junk.status == .unsupportedMediaType && junk.errorCode == "unsupported_media_type")

            let uploaded = try await api.call(.post, "/v1/media?name=media/heart.png", bytes: TourWorld.png, token: admin)
            #expect(
                uploaded.status == .created && uploaded.json["contentType"] as? String == "image/png"
                    && uploaded.json["size"] as? Int == TourWorld.png.count)
            let id = try #require(uploaded.json["id"] as? String)
            let whole = try await api.call(.get, "/v1/media/\(id)")
            #expect(whole.status == .ok && whole.data == TourWorld.png && whole.headers[.contentType] == "image/png")
            #expect(whole.headers[.acceptRanges] == "bytes" && whole.headers[.cacheControl]?.contains("immutable") == true)
            let etag = try #require(whole.headers[.eTag])
            #expect(try await api.call(.get, "/v1/media/\(id)", headers: [.ifNoneMatch: etag]).status == .notModified)

            let part = try await api.call(.get, "/v1/media/\(id)", headers: [.range: "bytes=10-19"])
            #expect(part.status == .partialContent && part.data == TourWorld.png[10..<20])
            #expect(part.headers[.contentRange] == "bytes 10-19/\(TourWorld.png.count)")
            let tail = try await api.call(.get, "/v1/media/\(id)", headers: [.range: "bytes=-7"])
            #expect(tail.status == .partialContent && tail.data == TourWorld.png.suffix(7))
            let open = try await api.call(.get, "/v1/media/\(id)", headers: [.range: "bytes=100-"])
            #expect(open.status == .partialContent && open.data == TourWorld.png.dropFirst(100))
            let beyond = try await api.call(.get, "/v1/media/\(id)", headers: [.range: "bytes=999999-"])
            #expect(beyond.status == .rangeNotSatisfiable && beyond.headers[.contentRange] == "bytes */\(TourWorld.png.count)")
            // A range for an older version (If-Range) gets the whole current file.
            #expect(try await api.call(.get, "/v1/media/\(id)", headers: [.range: "bytes=0-9", .ifRange: "\"stale\""]).status == .ok)

            #expect(try await api.call(.get, "/v1/media/\(String(repeating: "ab", count: 32))").status == .notFound)
            #expect(try await api.call(.get, "/v1/media/not-a-hash").status == .badRequest)
        }
    }

    @Test(
        "a simulated walk stamps the stops in order, never one from afar; the stamp book and completion follow",
        arguments: ScratchDatabase.engines)
    func walk(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        let audio = try TourWorld.narration("Welcome to Senate Square.")
        try await withServer(engine, configure: world.configure) { api in
            let admin = try await world.admin(api)
            let audioID = try await TourWorld.upload(api, audio, admin: admin)
            let coverID = try await TourWorld.upload(api, TourWorld.png, admin: admin)
            let tourID = UUID().text
            let body = TourWorld.tourBody(slug: "senate-square", mode: "open", audio: audioID, cover: coverID)
            let created = try await api.call(.put, "/v1/tours/\(tourID)", json: body, token: admin)
            #expect(created.status == .created, "\(created.text)")
            // a retry replaces, adds nothing
            #expect(try await api.call(.put, "/v1/tours/\(tourID)", json: body, token: admin).status == .ok)

            let list = try await api.call(.get, "/v1/tours")
            let listed = try #require((list.json["tours"] as? [[String: Any]])?.first)
            #expect(listed["slug"] as? String == "senate-square" && listed["stopCount"] as? Int == 3 && listed["mode"] as? String == "open")
            let tour = try await api.call(.get, "/v1/tours/senate-square")
            let stops = try #require(tour.json["stops"] as? [[String: Any]])
            let media = try #require(stops.first?["media"] as? [[String: Any]])
            #expect(media.first?["contentType"] as? String == "audio/mpeg" && media.first?["name"] as? String == "media/1.mp3")

            // Availability: outside, with the distance and a walking route to the nearest stop; inside.
            let outside = try await api.call(
                .get, "/v1/tours/senate-square/availability?latitude=\(Self.station.latitude)&longitude=\(Self.station.longitude)")
            #expect(outside.status == .ok && outside.json["inside"] as? Bool == false)
            let distance = try #require(outside.json["distance"] as? Double)
            #expect(distance > 100 && distance < 300, "\(distance)")
            let nearest = try #require(outside.json["nearestStop"] as? [String: Any])
            #expect((nearest["stop"] as? [String: Any])?["title"] as? String == "Johan Ludvig Runeberg")
            let route = try #require(outside.json["route"] as? [String: Any])
            #expect((route["length"] as? Double ?? 0) > distance && ((route["waypoints"] as? [Any])?.count ?? 0) > 10)
            let inside = try await api.call(.get, "/v1/tours/senate-square/availability?latitude=60.1690&longitude=24.9500")
            #expect(inside.json["inside"] as? Bool == true && inside.json["distance"] as? Double == 0 && inside.json["route"] == nil)

            // Markers near me, nearest first, with distance and bearing.
            let near = try await api.call(.get, "/v1/tours/senate-square/stops/nearby?latitude=60.1700&longitude=24.9520&radius=250")
            let hits = try #require(near.json["stops"] as? [[String: Any]])
            #expect(hits.count == 2 && (hits[0]["stop"] as? [String: Any])?["title"] as? String == "Alexander II")
            #expect(hits.allSatisfy { ($0["bearing"] as? Double).map { (0..<360).contains($0) } == true })

            // The walk: from the station to each next stop along its route, reporting every ~10 m.
            let visitor = try await api.signUpAndLogIn("visitor")
            var here = Self.station
            var stampedOrder: [String] = []
            for expected in TourWorld.stops {
                let next = try await api.call(
                    .get, "/v1/tours/senate-square/next?latitude=\(here.latitude)&longitude=\(here.longitude)", token: visitor)
                let stop = try #require((next.json["stop"] as? [String: Any])?["stop"] as? [String: Any])
                #expect(stop["id"] as? String == expected.id, "next stop")
                let waypoints = try #require((next.json["route"] as? [String: Any])?["waypoints"] as? [[String: Any]])
                // From where I stand onto the path, along it (every other waypoint, ~10 m), and off it to the statue.
                let statue = Coordinate(latitude: expected.latitude, longitude: expected.longitude)
                let along = waypoints.enumerated().filter { $0.offset % 2 == 0 }.map {
                    Coordinate(latitude: $0.element["latitude"] as! Double, longitude: $0.element["longitude"] as! Double)
                }
                let points = Self.strides(from: here, through: along + [statue])
                for p in points {
                    let r = try await api.call(
                        .post, "/v1/tours/senate-square/positions",
                        json: ["latitude": p.latitude, "longitude": p.longitude, "accuracy": 5], token: visitor)
                    #expect(r.status == .ok && r.json["stamped"] == nil && r.json["ignored"] == nil, "\(r.text)")
                }
                // Standing at the statue past the dwell time stamps it.
                let at: [String: Any] = ["latitude": expected.latitude, "longitude": expected.longitude, "accuracy": 5]
                let arrived = try await api.call(.post, "/v1/tours/senate-square/positions", json: at, token: visitor)
                #expect(arrived.json["atStop"] as? String == expected.id && arrived.json["stamped"] == nil)
                world.clock.advance(by: StampRule().dwell + 1)
                let stayed = try await api.call(.post, "/v1/tours/senate-square/positions", json: at, token: visitor)
                #expect(stayed.json["stamped"] as? String == expected.id, "\(stayed.text)")
                stampedOrder.append(stayed.json["stamped"] as? String ?? "")
                here = Coordinate(latitude: expected.latitude, longitude: expected.longitude)
            }
            #expect(stampedOrder == TourWorld.stops.map(\.id))
            let book = try await api.call(.get, "/v1/tours/senate-square/stamps", token: visitor)
            #expect((book.json["visited"] as? [[String: Any]])?.compactMap { $0["stopId"] as? String } == TourWorld.stops.map(\.id))
            #expect((book.json["remaining"] as? [Any])?.isEmpty == true && book.json["completedAt"] is String)
            let done = try await api.call(.get, "/v1/tours/senate-square/next?latitude=60.17&longitude=24.95", token: visitor)
            #expect(done.json["stop"] == nil && (done.json["message"] as? String)?.contains("every stop") == true)

            // A cheat: walk up to the first stop, then report from the last one, across the square, again and again.
            let cheat = try await api.signUpAndLogIn("cheat")
            let first = TourWorld.stops[0], last = TourWorld.stops[2]
            for _ in 0..<2 {
                let r = try await api.call(
                    .post, "/v1/tours/senate-square/positions", json: ["latitude": first.latitude, "longitude": first.longitude],
                    token: cheat)
                #expect(r.json["atStop"] as? String == first.id && r.json["stamped"] == nil)
            }
            for _ in 0..<3 {
                let r = try await api.call(
                    .post, "/v1/tours/senate-square/positions", json: ["latitude": last.latitude, "longitude": last.longitude], token: cheat
                )
                #expect(
                    r.json["stamped"] == nil && r.json["atStop"] == nil && (r.json["ignored"] as? String)?.contains("not believed") == true,
                    "\(r.text)")
                world.clock.advance(by: 0.3)  // reports a moment apart, as a cheat sends them
            }
            let cheatBook = try await api.call(.get, "/v1/tours/senate-square/stamps", token: cheat)
            #expect((cheatBook.json["visited"] as? [Any])?.isEmpty == true && (cheatBook.json["remaining"] as? [Any])?.count == 3)

            // Bad input changes nothing.
            #expect(
                try await api.call(.post, "/v1/tours/senate-square/positions", json: ["latitude": 60.17, "longitude": 24.95]).status
                    == .unauthorized)
            let noPosition = try await api.call(.post, "/v1/tours/senate-square/positions", json: ["accuracy": 5], token: visitor)
            #expect(noPosition.status == .unprocessableContent && noPosition.errorFields.contains("latitude"))
            #expect(
                try await api.call(.post, "/v1/tours/senate-square/positions", json: ["latitude": 95, "longitude": 0], token: visitor)
                    .status == .unprocessableContent)
            #expect(try await api.call(.get, "/v1/tours/senate-square/availability?latitude=91&longitude=0").status == .badRequest)
            #expect(try await api.call(.get, "/v1/tours/no-such-tour").status == .notFound)
            var wrong = body
            wrong["stops"] = [
                ((body["stops"] as! [[String: Any]])[0]).merging(["radius": 2000, "media": [["id": String(repeating: "0", count: 64)]]]) {
                    $1
                }
            ]
            let refused = try await api.call(.put, "/v1/tours/\(tourID)", json: wrong, token: admin)
            #expect(
                refused.status == .unprocessableContent && Set(refused.errorFields) == ["stops[0].media[0]", "stops[0].radius"],
                "\(refused.text)")
            #expect(try await api.call(.put, "/v1/tours/\(UUID().uuidString)", json: body, token: admin).status == .conflict)  // slug taken
            #expect(try await api.call(.put, "/v1/tours/\(tourID)", json: body, token: visitor).status == .forbidden)
            #expect((try await api.call(.get, "/v1/tours/senate-square").json["stops"] as? [Any])?.count == 3)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Places and walking routes through the API")
struct NavigationTests {
    static let theatre = Coordinate(latitude: 60.1724, longitude: 24.9438)

    func placeID(_ api: API, _ query: String) async throws -> String {
        let r = try await api.call(.get, "/v1/places/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        let first = try #require((r.json["results"] as? [[String: Any]])?.first?["place"] as? [String: Any])
        return try #require(first["id"] as? String)
    }

    @Test("search as you type, nearby pins, details; bad input is a 4xx", arguments: ScratchDatabase.engines)
    func places(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        _ = try await DemoMap.importInto(url)
        try await withServer(engine, configure: { $0.database = url }) { api in
            for typed in ["Suomen K", "kansallisteat", "kansalisteatteri"] {
                let r = try await api.call(
                    .get, "/v1/places/search?q=\(typed.replacingOccurrences(of: " ", with: "%20"))&latitude=60.17&longitude=24.94")
                #expect(r.status == .ok)
                let first = try #require((r.json["results"] as? [[String: Any]])?.first)
                #expect((first["place"] as? [String: Any])?["name"] as? String == "Suomen Kansallisteatteri", "typed \(typed)")
                #expect((first["distance"] as? Double ?? 0) > 0)
            }
            let none = try await api.call(.get, "/v1/places/search?q=qqqqxyz")
            #expect(none.status == .ok && (none.json["results"] as? [Any])?.isEmpty == true)
            #expect((none.json["message"] as? String)?.contains("no place matches") == true)
            #expect(try await api.call(.get, "/v1/places/search").status == .badRequest)
            #expect(try await api.call(.get, "/v1/places/search?q=kirkko&latitude=91&longitude=0").status == .badRequest)

            let nearby = try await api.call(
                .get, "/v1/places/nearby?latitude=\(Self.theatre.latitude)&longitude=\(Self.theatre.longitude)&radius=150")
            let pins = try #require(nearby.json["places"] as? [[String: Any]])
            #expect(pins.count > 3)
            let distances = pins.compactMap { $0["distance"] as? Double }
            #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 150 } && distances.count == pins.count)
            #expect(pins.allSatisfy { ($0["bearing"] as? Double).map { (0..<360).contains($0) } ?? false })
            #expect(try await api.call(.get, "/v1/places/nearby?latitude=60&longitude=24.9&radius=99999").status == .badRequest)

            // Labels for the places around the theatre, looking south: none overlap on a phone screen.
            let view: [String: Any] = ["width": 390, "height": 844, "horizontalFieldOfView": 63]
            let labels = try await api.call(
                .post, "/v1/places/labels",
                json: [
                    "latitude": Self.theatre.latitude, "longitude": Self.theatre.longitude, "altitude": 20, "heading": 180, "view": view,
                    "radius": 400,
                ])
            #expect(labels.status == .ok)
            let boxes = try #require(labels.json["placed"] as? [[String: Any]]).map { b in
                (b["x"] as! Double, b["y"] as! Double, b["width"] as! Double, b["height"] as! Double)
            }
            #expect(boxes.count > 3 && !(labels.json["dropped"] as? [Any] ?? []).isEmpty)
            for (i, a) in boxes.enumerated() {
                for b in boxes[(i + 1)...] { #expect(a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1) }
            }
            let badView = try await api.call(
                .post, "/v1/places/labels",
                json: [
                    "latitude": 60.17, "longitude": 24.94, "altitude": 20, "heading": 0,
                    "view": ["width": 0, "height": 844, "horizontalFieldOfView": 63],
                ])
            #expect(badView.status == .unprocessableContent && badView.errorFields == ["view"])

            let id = try await placeID(api, "Helsingin tuomiokirkko")
            let place = try await api.call(.get, "/v1/places/\(id)")
            #expect(place.status == .ok && place.json["kind"] as? String == "tourism:attraction")
            #expect((place.json["names"] as? [String: String])?.isEmpty == false)
            #expect(try await api.call(.get, "/v1/places/\(UUID().uuidString)").status == .notFound)
            #expect(try await api.call(.get, "/v1/places/not-an-id").status == .badRequest)
        }
    }

    @Test(
        "a route between places has steps, length and AR waypoints; off-route reroutes; no route is a 4xx",
        arguments: ScratchDatabase.engines)
    func routes(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        _ = try await DemoMap.importInto(url)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let theatre = try await placeID(api, "Suomen Kansallisteatteri"), cathedral = try await placeID(api, "Helsingin tuomiokirkko")
            let r = try await api.call(.post, "/v1/routes", json: ["from": ["place": theatre], "to": ["place": cathedral]])
            #expect(r.status == .ok)
            let length = try #require(r.json["length"] as? Double)
            #expect(length > 500 && length < 1500)
            let steps = try #require(r.json["steps"] as? [[String: Any]])
            #expect(
                steps.first?["maneuver"] as? String == "depart"
                    && steps.last?["instruction"] as? String == "Arrive at Helsingin tuomiokirkko")
            let waypoints = try #require(r.json["waypoints"] as? [[String: Any]])
            #expect(waypoints.count == Int(length / 5) + 1 && waypoints.allSatisfy { $0["height"] as? Double == 1 })
            let geometry = try #require(r.json["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")

            // Following the route: on it, then 80 m off it.
            let w = waypoints[20]
            let on = try await api.call(
                .post, "/v1/routes/progress",
                json: [
                    "position": ["latitude": w["latitude"]!, "longitude": w["longitude"]!], "route": geometry, "to": ["place": cathedral],
                    "accuracy": 5,
                ])
            #expect(on.status == .ok && (on.json["progress"] as? [String: Any])?["offRoute"] as? Bool == false && on.json["reroute"] == nil)
            let start = Coordinate(latitude: w["latitude"] as! Double, longitude: w["longitude"] as! Double)
            var off: [String: Any] = [:]
            for azimuth in stride(from: 0.0, to: 360, by: 45) {
                let p = Geodesic.wgs84.direct(from: start, azimuth: azimuth, distance: 80).coordinate
                let candidate = try await api.call(
                    .post, "/v1/routes/progress",
                    json: [
                        "position": ["latitude": p.latitude, "longitude": p.longitude], "route": geometry, "to": ["place": cathedral],
                    ])
                if (candidate.json["progress"] as? [String: Any])?["offRoute"] as? Bool == true { off = candidate.json; break }
            }
            let reroute = try #require(off["reroute"] as? [String: Any], "no point 80 m away was off the route")
            #expect((reroute["to"] as? [String: Any])?["name"] as? String == "Helsingin tuomiokirkko")
            #expect((reroute["length"] as? Double ?? 0) > 0)

            // Points: a long-press anywhere snaps to the nearest path.
            let free = try await api.call(
                .post, "/v1/routes", json: ["from": ["latitude": 60.1700, "longitude": 24.9400], "to": ["place": cathedral]])
            #expect(free.status == .ok && ((free.json["from"] as? [String: Any])?["snapDistance"] as? Double ?? 99) < 50)
            // Clear errors, never a 500.
            let far = try await api.call(
                .post, "/v1/routes", json: ["from": ["latitude": 0.0, "longitude": 0.0], "to": ["place": cathedral]])
            #expect(far.status == .unprocessableContent && far.errorCode == "far_from_paths")
            let outOfRange = try await api.call(
                .post, "/v1/routes", json: ["from": ["latitude": 95.0, "longitude": 0.0], "to": ["place": cathedral]])
            #expect(outOfRange.status == .badRequest && outOfRange.errorCode == "invalid_coordinate")
            let unknown = try await api.call(.post, "/v1/routes", json: ["from": ["place": UUID().uuidString], "to": ["place": cathedral]])
            #expect(unknown.status == .notFound)
            #expect(
                try await api.call(.post, "/v1/routes", json: ["from": [:], "to": ["place": cathedral]]).status == .unprocessableContent)
            #expect(try await api.call(.post, "/v1/routes", raw: "{\"from\": {\"latitude\": NaN}}").status == .badRequest)
        }
    }

    @Test("admins add and edit places and photos; edits survive a re-import; others may not", arguments: ScratchDatabase.engines)
    func adminEdits(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        _ = try await DemoMap.importInto(url)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let admin = try await api.signUpAndLogIn("admin")
            let visitor = try await api.signUpAndLogIn("visitor")
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            try await store.accounts.setRole(accountID: try #require(try await store.accounts.account(username: "admin")).id, role: .admin)
            try await store.close()

            let id = try await placeID(api, "Helsingin tuomiokirkko")
            let edit: [String: Any] = ["description": "Lutheran cathedral, 1852.", "openingHours": "Mo-Su 09:00-18:00"]
            #expect(try await api.call(.patch, "/v1/places/\(id)", json: edit, token: visitor).status == .forbidden)
            #expect(try await api.call(.patch, "/v1/places/\(id)", json: edit).status == .unauthorized)
            let edited = try await api.call(.patch, "/v1/places/\(id)", json: edit, token: admin)
            #expect(edited.status == .ok && edited.json["description"] as? String == "Lutheran cathedral, 1852.")
            #expect(try await api.call(.patch, "/v1/places/\(id)", json: ["name": ""], token: admin).status == .unprocessableContent)

            let png = try await api.call(.get, "/v1/templates/heart/preview").data
            let photo = try await api.call(.post, "/v1/places/\(id)/photos?kind=interior", bytes: png, token: admin)
            #expect(photo.status == .created)
            #expect(
                try await api.call(.post, "/v1/places/\(id)/photos", bytes: Data("not an image".utf8), token: admin).status
                    == .unsupportedMediaType)
            #expect(try await api.call(.post, "/v1/places/\(id)/photos", bytes: png, token: visitor).status == .forbidden)

            // The same file again: OSM's data is refreshed, the edit and the photo stay, the id does not change.
            let again = try await DemoMap.importInto(url)
            #expect(again.removedPlaces == 0 && again.removedWalkways == 0)
            let place = try await api.call(.get, "/v1/places/\(id)")
            #expect(
                place.json["description"] as? String == "Lutheran cathedral, 1852."
                    && place.json["openingHours"] as? String == "Mo-Su 09:00-18:00")
            let photos = try #require(place.json["photos"] as? [[String: Any]])
            #expect(photos.count == 1 && photos[0]["kind"] as? String == "interior")
            let image = try await api.call(.get, try #require(photos[0]["url"] as? String))
            #expect(image.status == .ok && image.data == png)

            // A place OSM lacks, found by search straight away.
            let added = try await api.call(
                .post, "/v1/places",
                json: [
                    "name": "Yliopiston kirjasto", "kind": "amenity:library", "position": ["latitude": 60.1705, "longitude": 24.9495],
                ], token: admin)
            #expect(added.status == .created)
            #expect(try await placeID(api, "yliopiston kirj") == added.json["id"] as? String)
        }
    }

    @Test(
        "the map's own layers: walkways and building outlines in a box as GeoJSON; a bad box is a 400", arguments: ScratchDatabase.engines)
    func mapFeatures(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let summary = try await DemoMap.importInto(url)
        #expect(summary.buildings > 300)
        try await withServer(engine, configure: { $0.database = url }) { api in
            // Around Senate Square: the cathedral is a building, Unioninkatu a street.
            let box = "south=60.1680&west=24.9480&north=60.1715&east=24.9550"
            let buildings = try await api.call(.get, "/v1/map/buildings?\(box)")
            #expect(buildings.status == .ok && buildings.json["type"] as? String == "FeatureCollection")
            let features = try #require(buildings.json["features"] as? [[String: Any]])
            #expect(features.count > 20 && buildings.json["truncated"] as? Bool == false)
            for f in features {
                let geometry = try #require(f["geometry"] as? [String: Any])
                let ring = try #require((geometry["coordinates"] as? [[[Double]]])?.first)
                #expect(geometry["type"] as? String == "Polygon" && ring.count >= 4 && ring.first == ring.last)
                // Every outline meets the box (GeoJSON order: longitude, latitude).
                let lons = ring.map { $0[0] }, lats = ring.map { $0[1] }
                #expect(lons.min()! <= 24.9550 && lons.max()! >= 24.9480 && lats.min()! <= 60.1715 && lats.max()! >= 60.1680)
            }
            let names = features.compactMap { ($0["properties"] as? [String: String])?["name"] }
            #expect(names.contains("Helsingin tuomiokirkko"), "\(names)")
            let walkways = try await api.call(.get, "/v1/map/walkways?\(box)")
            let lines = try #require(walkways.json["features"] as? [[String: Any]])
            #expect(lines.contains { ($0["properties"] as? [String: String])?["name"] == "Unioninkatu" })
            #expect(lines.allSatisfy { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" })
            // Nothing there: an empty collection. Bad boxes: 400 with a JSON error.
            let sea = try await api.call(.get, "/v1/map/buildings?south=10&west=-30&north=10.1&east=-29.9")
            #expect(sea.status == .ok && (sea.json["features"] as? [Any])?.isEmpty == true)
            for bad in [
                "south=60.2&west=24.9&north=60.1&east=25", "south=60&west=24&north=61&east=25", "west=24.9&north=60.2&east=25",
                "south=x&west=24.9&north=60.2&east=25",
            ] {
                let r = try await api.call(.get, "/v1/map/buildings?\(bad)")
                #expect(r.status == .badRequest && (r.json["error"] as? [String: Any])?["code"] != nil, "\(bad)")
            }
        }
    }

    @Test("a re-import updates without duplicates and drops what left the file", arguments: ScratchDatabase.engines)
    func reimport(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let first = try await DemoMap.importInto(url)
        var smaller = DemoMap.data
        smaller.walkways.removeFirst(10)
        smaller.places.removeFirst(5)
        smaller.buildings.removeFirst(7)
        let second = try await DemoMap.importInto(url, data: smaller)
        #expect(second.removedWalkways == 10 && second.removedPlaces == 5 && second.removedBuildings == 7)
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        #expect(try await store.places.walkways().count == first.walkways - 10)
        #expect(try await store.places.all().count == first.places - 5)
        _ = try await DemoMap.importInto(url)
        #expect(try await store.places.walkways().count == first.walkways)
        #expect(try await store.places.all().count == first.places)
        let all = try await store.places.buildings(south: -90, west: -180, north: 90, east: 180, limit: 1_000_000)
        #expect(all.count == first.buildings && Set(all.map(\.id)).count == all.count)
        try await store.close()
    }
}

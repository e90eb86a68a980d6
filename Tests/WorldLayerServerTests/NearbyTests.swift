import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServer
import WorldLayerServices
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Finding stickers near me")
struct NearbyTests {
    @Test("nearest first, exact geodesic distances and bearings, pages that add up to the whole", arguments: NearbyPath.all)
    func pages(path: NearbyPath) async throws {
        try await withServer(path) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let center = Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude)
            var expected: [(id: String, distance: Double)] = []
            for i in 0..<30 {
                // Spread over several cells and all directions, some beyond the radius.
                let distance = Double(i * 37 % 400) + 0.5, azimuth = Double(i * 47 % 360)
                let p = Geodesic.wgs84.direct(from: center, azimuth: azimuth, distance: distance).coordinate
                let id = try await api.placeSticker(at: p, token: ada)
                if distance <= 300 { expected.append((id, distance)) }
            }
            expected.sort { $0.distance < $1.distance }
            var got: [(id: String, distance: Double, bearing: Double)] = []
            var cursor: String?
            var pages = 0
            repeat {
                let path =
                    "/v1/stickers/nearby?latitude=\(center.latitude)&longitude=\(center.longitude)&radius=300&limit=7"
                    + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await api.call(.get, path)
                #expect(page.status == .ok)
                for item in page.json["stickers"] as? [[String: Any]] ?? [] {
                    got.append(
                        (
                            (item["sticker"] as? [String: Any])?["id"] as? String ?? "", item["distance"] as? Double ?? -1,
                            item["bearing"] as? Double ?? -1
                        ))
                }
                cursor = page.json["next"] as? String
                pages += 1
            } while cursor != nil && pages < 20
            #expect(got.map(\.id) == expected.map(\.id))
            for (g, e) in zip(got, expected) { #expect(abs(g.distance - e.distance) < 1e-6) }
            #expect(got.allSatisfy { (0..<360).contains($0.bearing) })
            #expect(pages == (expected.count + 6) / 7)
        }
    }

    /// On PostgreSQL a search step sends only its nearest rows (a page and a quarter); rows that tie
    /// at the edge of what it sent must make the search read them all, or pages would skip some.
    @Test(
        "more stickers tied at one distance than a search step sends: pages in id order that add up to all of them",
        arguments: NearbyPath.all)
    func tiesBeyondOneStep(path: NearbyPath) async throws {
        try await withServer(path) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let center = Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude)
            let nearest = try await api.placeSticker(
                at: Geodesic.wgs84.direct(from: center, azimuth: 250, distance: 12).coordinate, token: ada)
            let spot = Geodesic.wgs84.direct(from: center, azimuth: 70, distance: 30).coordinate
            var tied: [String] = []
            for _ in 0..<24 { tied.append(try await api.placeSticker(at: spot, token: ada)) }
            var got: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await api.call(
                    .get,
                    "/v1/stickers/nearby?latitude=\(center.latitude)&longitude=\(center.longitude)&radius=100&limit=5"
                        + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(page.status == .ok)
                got += (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
                cursor = page.json["next"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(got == [nearest] + tied.sorted())
            #expect(pages == 5)
        }
    }

    @Test(
        "the first circle is sized from what earlier searches saw, and a stale guess never changes the answer",
        arguments: NearbyPath.all)
    func densityHints(path: NearbyPath) async throws {
        try await withServer(path) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let center = Geodesic.wgs84.direct(
                from: Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude), azimuth: 45, distance: 2_000
            ).coordinate
            var placed: [(id: String, distance: Double)] = []
            func place(_ count: Int, within metres: Double, from first: Int) async throws {
                for i in first..<first + count {
                    let distance = metres * Double(i % 97 + 1) / 98, azimuth = Double(i * 137 % 360)
                    let p = Geodesic.wgs84.direct(from: center, azimuth: azimuth, distance: distance).coordinate
                    let id = UUID().text
                    let body = Fixtures.sticker().with {
                        $0.anchor = StickerAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 0, accuracy: 5)
                    }
                    #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: ada).status == .created)
                    #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
                    placed.append((id, Geodesic.wgs84.inverse(center, p).distance))
                }
            }
            func nearest() async throws -> [String] {
                let page = try await api.call(
                    .get, "/v1/stickers/nearby?latitude=\(center.latitude)&longitude=\(center.longitude)&radius=200&limit=5")
                return (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
            }
            func expected() -> [String] { Array(placed.sorted { $0.distance < $1.distance }.prefix(5).map(\.id)) }

            try await place(6, within: 150, from: 0)  // sparse: the search remembers a low density here
            #expect(try await nearest() == expected())
            #expect(try await nearest() == expected())
            try await place(40, within: 3, from: 6)  // now dense: the remembered density is stale
            #expect(try await nearest() == expected())
            for item in placed.sorted(by: { $0.distance < $1.distance }).prefix(44) {  // sparse again, remembered as dense
                #expect(try await api.call(.delete, "/v1/stickers/\(item.id)", token: ada).status == .noContent)
                placed.removeAll { $0.id == item.id }
            }
            #expect(try await nearest() == expected())
            #expect(placed.count == 2)
        }
    }

    @Test(
        "a cell list stops at its limit with visible stickers only, even where most rows are hidden from the viewer",
        arguments: ScratchDatabase.engines)
    func cellListLimit(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        _ = try await BuiltinTemplates.install(into: store)
        func account(_ name: String) async throws -> Account {
            try await store.accounts.create(
                NewAccount(username: name, email: "\(name)@example.org", displayName: name, birthday: "1990-01-01", passwordHash: "x"))
        }
        let ada = try await account("ada"), bo = try await account("bo")
        let center = Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude)
        var visibleToAda: Set<Sticker.ID> = []
        for (i, (author, visibility))
            in (Array(repeating: (bo, Visibility.private), count: 14) + [(bo, .public), (bo, .public), (ada, .private), (ada, .public)])
            .enumerated()
        {
            let p = Geodesic.wgs84.direct(from: center, azimuth: Double(i * 20), distance: 5).coordinate
            let draft = StickerDraft(
                templateId: "sticky-note", anchor: StickerAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 0, accuracy: 1),
                visibility: visibility)
            let (sticker, _) = try await store.stickers.put(id: Sticker.ID(), draft: draft, author: author, expectedVersion: nil)
            _ = try await store.stickers.place(id: sticker.id, author: author.id, expectedVersion: sticker.version)
            if author.id == ada.id || visibility == .public { visibleToAda.insert(sticker.id) }
        }
        let cells = try CellGrid.cover(center: center, radius: 10)
        let viewer = try await store.accounts.viewer(ada.id)
        for limit in [1, 3, 4, 10] {
            let got = try await store.nearby.stickers(inCells: cells, viewer: viewer, limit: limit)
            #expect(got.count == min(limit, visibleToAda.count), "limit \(limit)")
            #expect(Set(got.map(\.id)).isSubset(of: visibleToAda))
        }
        try await store.close()
    }

    @Test(
        "stickers at one exact spot are all found, and a moved sticker is found where it now is, not where it was",
        arguments: NearbyPath.all)
    func sameSpotAndMoves(path: NearbyPath) async throws {
        try await withServer(path) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let spot = Coordinate(latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude)
            let elsewhere = Geodesic.wgs84.direct(from: spot, azimuth: 200, distance: 450).coordinate
            func sticker(at p: Coordinate, text: String = "hello") -> StickerDraft {
                Fixtures.sticker(text: text).with {
                    $0.anchor = StickerAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 0, accuracy: 5)
                }
            }
            func ids(near p: Coordinate) async throws -> Set<String> {
                let page = try await api.call(.get, "/v1/stickers/nearby?latitude=\(p.latitude)&longitude=\(p.longitude)&radius=20")
                return Set(
                    (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String })
            }
            let placed = (0..<4).map { _ in UUID().text }
            for id in placed {
                #expect(
                    try await api.call(.put, "/v1/stickers/\(id)", json: sticker(at: spot), token: ada).status
                        == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            }
            #expect(try await ids(near: spot) == Set(placed))
            // Moved 450 m (on SQLite its place key changes), then placed again.
            let moved = try await api.call(
                .put, "/v1/stickers/\(placed[1])", json: sticker(at: elsewhere).edit(version: 2),
                token: ada)
            #expect(moved.status == .ok)
            #expect(try await api.call(.post, "/v1/stickers/\(placed[1])/place", token: ada).status == .ok)
            #expect(try await ids(near: spot) == Set(placed).subtracting([placed[1]]))
            #expect(try await ids(near: elsewhere) == [placed[1]])
            // An edit that keeps the place keeps it findable there; a fifth sticker at the spot joins the others.
            let retitled = try await api.call(
                .put, "/v1/stickers/\(placed[2])",
                json: sticker(at: spot, text: "renamed").edit(version: 2), token: ada)
            #expect(retitled.status == .ok)
            #expect(try await api.call(.post, "/v1/stickers/\(placed[2])/place", token: ada).status == .ok)
            let fifth = UUID().text
            #expect(
                try await api.call(.put, "/v1/stickers/\(fifth)", json: sticker(at: spot), token: ada).status
                    == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(fifth)/place", token: ada).status == .ok)
            #expect(try await ids(near: spot) == Set(placed + [fifth]).subtracting([placed[1]]))
        }
    }

    @Test("a kilometre search where stickers are sparse finds them on both sides of the antimeridian", arguments: NearbyPath.all)
    func sparseAcrossAntimeridian(path: NearbyPath) async throws {
        try await withServer(path) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let center = Coordinate(latitude: -16.5, longitude: 179.999)
            var expected: [String] = []
            for (azimuth, distance) in [(90.0, 950.0), (270.0, 600.0), (0.0, 990.0), (135.0, 1_100.0)] {
                let p = Geodesic.wgs84.direct(from: center, azimuth: azimuth, distance: distance).coordinate
                let id = UUID().text
                let body = Fixtures.sticker().with {
                    $0.anchor = StickerAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 0, accuracy: 5)
                }
                #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: ada).status == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
                if distance <= 1_000 { expected.append(id) }
            }
            let page = try await api.call(.get, "/v1/stickers/nearby?latitude=\(center.latitude)&longitude=\(center.longitude)&radius=1000")
            let got = (page.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
            #expect(got == [expected[1], expected[0], expected[2]])  // nearest first: 600, 950, 990 m
        }
    }

    @Test("bad positions and parameters are 400s naming the parameter")
    func badQueries() async throws {
        try await withServer(.sqlite) { api in
            for query in [
                "latitude=91&longitude=0", "latitude=nan&longitude=0", "latitude=10", "latitude=1&longitude=2&radius=1001",
                "latitude=1&longitude=2&limit=0", "latitude=1&longitude=2&cursor=zzz",
            ] {
                let r = try await api.call(.get, "/v1/stickers/nearby?\(query)")
                #expect(r.status == .badRequest, "\(query)")
            }
            #expect(try await api.call(.get, "/v1/cells/stickers?cells=nope").status == .badRequest)
            #expect(try await api.call(.get, "/v1/cells/stickers").status == .badRequest)
            #expect(try await api.call(.get, "/v1/changes?cells=u4pruydq&since=-4").status == .badRequest)
        }
    }
}

extension API {
    /// Creates a public sticker at `p` and places it; returns its id.
    fileprivate func placeSticker(at p: Coordinate, token: String) async throws -> String {
        let id = UUID().text
        let body = Fixtures.sticker().with {
            $0.anchor = StickerAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 10, accuracy: 5)
        }
        #expect(try await call(.put, "/v1/stickers/\(id)", json: body, token: token).status == .created)
        #expect(try await call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
        return id
    }
}

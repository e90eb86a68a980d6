import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: stickers")
struct ClientStickerTests {
    @Test("create, place, read, find nearby, list mine, delete: each answer decodes", arguments: ScratchDatabase.engines)
    func lifecycle(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let ada = try await Fixtures.person("ada", at: server)
            let id = WorldLayer.newID()
            let created = try await ada.stickers.save(id: id, ClientFixtures.draft("first"))
            #expect(created.id == id)
            #expect(created.state == .unpublished)
            #expect(created.version == 1)
            // The same create again (a retry after a lost answer) is the same sticker.
            #expect(try await ada.stickers.save(id: id, ClientFixtures.draft("first")).version == 1)

            let placed = try await ada.stickers.place(id: id)
            #expect(placed.state == .published)
            #expect(try await ada.stickers.get(id: id).text == "first")

            let anonymous = WorldLayer(server: server)
            let near = try await anonymous.stickers.nearby(ClientFixtures.point(north: 20), radius: 50)
            #expect(near.map(\.sticker.id) == [id])
            #expect(abs(near[0].distance - 20) < 0.5)
            #expect(abs(near[0].bearing - 180) < 1)

            #expect(try await ada.stickers.mine().map(\.id) == [id])
            try await ada.stickers.delete(id: id)
            try await ada.stickers.delete(id: id)  // again: not an error
            #expect(try await anonymous.stickers.nearby(ClientFixtures.centre).isEmpty)
        }
    }

    @Test("an edit from a stale version is refused with the current version, which decodes", arguments: ScratchDatabase.engines)
    func staleEdit(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let ada = try await Fixtures.person("ada", at: server)
            let id = WorldLayer.newID()
            let first = try await ada.stickers.save(id: id, ClientFixtures.draft("one"))
            var edit = first.draft
            edit.text = "two"
            try await ada.stickers.save(id: id, edit)
            var stale = first.draft
            stale.text = "three"
            do {
                try await ada.stickers.save(id: id, stale)
                Issue.record("a stale edit was applied")
            } catch let error as WorldLayerError {
                #expect(error.refusal?.isVersionConflict == true)
                let current = error.refusal?.current(as: Sticker.self)
                #expect(current?.text == "two")
                #expect(current?.version == 2)
            }
        }
    }

    @Test("a long poll on the changes feed answers when a sticker is placed in its cells", arguments: ScratchDatabase.engines)
    func longPoll(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let ada = try await Fixtures.person("ada", at: server)
            let watcher = WorldLayer(server: server)
            let cells = WatchedCells(viewDistance: 50, margin: 0).cells(at: ClientFixtures.centre).sorted()
            let start = try await watcher.stickers.changes(in: cells, since: nil)
            #expect(start.reset)
            let id = WorldLayer.newID()
            async let answer = watcher.stickers.changes(in: cells, since: start.seq, wait: 30)
            // Without the wait the poll would answer at once, with nothing in it.
            try await Task.sleep(for: .milliseconds(300))
            try await ada.stickers.save(id: id, ClientFixtures.draft())
            try await ada.stickers.place(id: id)
            let changes = try await answer
            #expect(!changes.reset)
            #expect(changes.changes?.map(\.stickerId) == [id])
            #expect(changes.changes?.first?.sticker?.state == .published)
        }
    }

    @Test("the AR placement of a sticker comes from WorldLayerGeo: 20 m north is 20 m ahead when facing north")
    func placement() async throws {
        let sticker = Sticker(
            value1: ClientFixtures.draft(at: ClientFixtures.point(north: 20)),
            value2: .init(
                id: WorldLayer.newID(), author: .init(id: WorldLayer.newID(), username: "ada", displayName: "Ada"), state: .published,
                worldmapIsPrivate: false, cell: "", version: 1, createdAt: Date(), updatedAt: Date()))
        let facingNorth = DeviceFix(
            latitude: ClientFixtures.centre.latitude, longitude: ClientFixtures.centre.longitude, altitude: 20, horizontalAccuracy: 3,
            heading: 0, headingAccuracy: 10)
        let p = sticker.placement(seenFrom: facingNorth)
        #expect(abs(p.z + 20) < 0.01)
        #expect(abs(p.x) < 0.01)
        // 10° of heading error at 20 m: about 3.5 m of miss, with the fix's 3 m.
        #expect(abs(p.horizontalUncertainty - (9 + pow(20 * sin(10 * Double.pi / 180), 2)).squareRoot()) < 0.05)
        var facingEast = facingNorth
        facingEast.heading = 90
        let t = sticker.transform(seenFrom: facingEast)
        // Facing east, north is to the left (−x), and the sticker's own x axis (east) points ahead (−z).
        #expect(abs(t.columns[3].x + 20) < 0.01)
        #expect(abs(t.columns[0].z + 1) < 0.001)
    }
}

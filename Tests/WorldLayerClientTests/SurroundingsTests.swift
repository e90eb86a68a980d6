import Foundation
import Testing
import WorldLayerClient
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: live surroundings")
struct SurroundingsTests {
    /// Reads views until one satisfies `condition`; fails the test after `limit` views.
    static func first(
        _ updates: inout AsyncStream<Around>.Iterator, limit: Int = 200, where condition: (Around) -> Bool
    ) async -> Around? {
        for _ in 0..<limit {
            guard let view = await updates.next() else { return nil }
            if condition(view) { return view }
        }
        return nil
    }

    @Test(
        "what others place, edit and delete near me reaches my view; cells I walk into arrive with their stickers",
        arguments: ScratchDatabase.engines)
    func liveAroundAWalker(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let bob = try await Fixtures.person("bob", at: server)
            // Already there before the walker comes: 600 m east, out of view at the start.
            let ahead = WorldLayer.newID()
            try await bob.stickers.save(id: ahead, ClientFixtures.draft("ahead", at: ClientFixtures.point(east: 600)))
            try await bob.stickers.place(id: ahead)

            let network = SimulatedNetwork()
            let walker = WorldLayer(server: server, middlewares: [network])
            let around = Surroundings(world: walker, pollWait: 5)
            var updates = around.updates.makeAsyncIterator()
            await around.move(to: ClientFixtures.centre)
            let running = Task { await around.run() }
            defer { running.cancel() }
            #expect(await Self.first(&updates) { $0.seq > 0 || $0.stickers.isEmpty } != nil)

            let near = WorldLayer.newID()
            try await bob.stickers.save(id: near, ClientFixtures.draft("near", at: ClientFixtures.point(north: 30)))
            try await bob.stickers.place(id: near)
            #expect(await Self.first(&updates) { $0.stickers[near] != nil } != nil)
            #expect(await around.now?.stickers[ahead] == nil)

            var edit = try await bob.stickers.get(id: near).draft
            edit.text = "edited"
            // An edit takes a sticker back to unpublished; placing it again shows the new text.
            let saved = try await bob.stickers.save(id: near, edit)
            try await bob.stickers.place(id: near, version: saved.version)
            #expect(await Self.first(&updates) { $0.stickers[near]?.text == "edited" } != nil)

            // Offline while it is deleted; the view catches up from its last sequence number.
            network.condition = .down
            try await bob.stickers.delete(id: near)
            network.condition = .up
            await around.retryNow()
            #expect(await Self.first(&updates) { $0.stickers[near] == nil } != nil)

            // Walking east: the sticker ahead arrives with its cell, the old cells are let go.
            await around.move(to: ClientFixtures.point(east: 550))
            let there = await Self.first(&updates) { $0.stickers[ahead] != nil }
            #expect(there?.cells.contains(CellGrid.cell(containing: ClientFixtures.centre)) == false)
        }
    }
}

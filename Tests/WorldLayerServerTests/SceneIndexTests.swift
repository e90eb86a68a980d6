import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

@testable import WorldLayerServer

/// The scene indexes `locate` matches against: one per ~200 m block, shared by every phone in it,
/// kept within a byte budget, and built no more often than a person walking needs (issue 52,
/// finding 3: one account's scenes and anonymous calls once grew the server by 2.8 GB in 7 s).
@Suite("Scene indexes")
struct SceneIndexTests {
    @Test("indexes are shared by block, kept within their byte budget, and their builds metered", arguments: ScratchDatabase.engines)
    func boundedSharedMetered(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            // Three scenes about 1.1 km apart: three blocks of one scene each.
            let latitudes = [0.0, 0.01, 0.02].map { Fixtures.helsinki.latitude + $0 }
            for (n, latitude) in latitudes.enumerated() {
                let sticker = try await SceneAnchorTests.place(api, Fixtures.sticker(north: Double(n) * 1_113), token: ada)
                #expect(try await SceneAnchorTests.anchor(api, sticker, token: ada, latitude: latitude).status == .created)
            }
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            let blocks = latitudes.map { SceneBlock(containing: Coordinate(latitude: $0, longitude: Fixtures.helsinki.longitude)) }
            #expect(Set(blocks).count == 3)
            var scenes: [[SceneAnchor]] = []
            for block in blocks {
                scenes.append(try await store.scenes.anchors(in: try CellGrid.cover(center: block.centre, radius: block.reach)))
            }
            #expect(scenes.map(\.count) == [1, 1, 1])
            let plenty = RateLimiter.Rate.count(100, per: 60)

            // Bounded: with room for one and a half, each new block's index pushes out the last.
            let one = try await SceneIndexes(store: store, byteBudget: .max, buildRate: plenty)
                .index(of: scenes[0], block: blocks[0], requesters: []).bytes
            #expect(one > 100_000, "an index of one scene holds \(one) bytes")
            let bounded = SceneIndexes(store: store, byteBudget: one * 3 / 2, buildRate: plenty)
            for (block, anchors) in zip(blocks, scenes) {
                let entry = try await bounded.index(of: anchors, block: block, requesters: [])
                #expect(entry.anchors.map(\.id) == anchors.map(\.id))
                #expect(await bounded.cachedBytes <= one * 3 / 2)
            }
            #expect(await bounded.cachedCount == 1)

            // Shared: phones 60 m apart in one block use the same index, built once.
            let centre = blocks[0].centre
            let apart = [-30.0, 30.0].map { Geodesic.wgs84.direct(from: centre, azimuth: 0, distance: $0).coordinate }
            #expect(apart.allSatisfy { SceneBlock(containing: $0) == blocks[0] })

            // Metered: two new places per hour for this address, then 429; a ready index costs nothing.
            let metered = SceneIndexes(store: store, byteBudget: .max, buildRate: .count(2, per: 3600))
            for i in 0..<2 { _ = try await metered.index(of: scenes[i], block: blocks[i], requesters: ["address:192.0.2.1"]) }
            await #expect(throws: APIError.self) {
                try await metered.index(of: scenes[2], block: blocks[2], requesters: ["address:192.0.2.1"])
            }
            _ = try await metered.index(of: scenes[0], block: blocks[0], requesters: ["address:192.0.2.1"])
            _ = try await metered.index(of: scenes[2], block: blocks[2], requesters: ["address:192.0.2.2"])
            try await store.close()
        }
    }
}

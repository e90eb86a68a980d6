import Foundation
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// Scene indexes by block (``SceneBlock``): the phones in a block share one index, built once from
/// the stored features and built again, in its place, when a scene there is added, replaced or
/// removed. The indexes kept are bounded in bytes, least recently used going first, and building
/// one is metered per address and account: 600 scenes and anonymous `locate` calls once took the
/// server from 363 MB to 3.2 GB in seconds (issue 52, finding 3). Matching runs outside the actor.
actor SceneIndexes {
    struct Entry: Sendable {
        var recognizer: TargetRecognizer
        /// The anchors by index key.
        var anchors: [SceneAnchor]
        /// What it holds in memory: the recognizer's features and tables, and the anchors.
        var bytes: Int { recognizer.memoryBytes + anchors.count * 2_048 }
    }

    /// One block's index: which scenes it was built of, the build, and its size once built.
    private struct Kept {
        var scenes: String
        var build: Task<Entry, any Error>
        var bytes = 0
    }

    private let store: Store
    private let byteBudget: Int
    private let builds: RateLimiter
    private var kept: [SceneBlock: Kept] = [:]
    /// The blocks of `kept`, least recently used first.
    private var recent: [SceneBlock] = []
    /// Indexes at most, whatever their size: builds still running have none yet.
    private let capacity = 64

    init(store: Store, byteBudget: Int, buildRate: RateLimiter.Rate) {
        self.store = store
        self.byteBudget = byteBudget
        self.builds = RateLimiter(buildRate)
    }

    /// Bytes held by the indexes kept now.
    var cachedBytes: Int { kept.values.reduce(0) { $0 + $1.bytes } }
    var cachedCount: Int { kept.count }

    /// The index of `anchors`, the scenes of `block`; a build is paid for by each of `requesters`
    /// (an address, an account), and refused with a 429 once one of them has built too many.
    func index(of anchors: [SceneAnchor], block: SceneBlock, requesters: [String]) async throws -> Entry {
        let scenes = anchors.map { "\($0.id.text)@\($0.createdAt.timeIntervalSince1970)" }.sorted().joined(separator: ",")
        if let ready = kept[block], ready.scenes == scenes {
            touch(block)
            CacheMetrics.lookup("scene_indexes", hit: true)
            return try await ready.build.value
        }
        CacheMetrics.lookup("scene_indexes", hit: false)
        for requester in requesters { try await builds.require(requester, what: "scene searches in new places") }
        let store = store
        let build = Task<Entry, any Error> {
            let stored = try await store.scenes.withFeatures(anchors.map(\.id))
            let recognizer = try TargetRecognizer(
                scenes: stored.enumerated().map { offset, scene in
                    (Int64(offset), scene.features, scene.anchor.plane.pixelsToPlane, scene.anchor.plane.spotInPicture)
                })
            return Entry(recognizer: recognizer, anchors: stored.map(\.anchor))
        }
        kept[block] = Kept(scenes: scenes, build: build)
        touch(block)
        do {
            let entry = try await build.value
            // Only the block's current build counts against the budget (another may have replaced it meanwhile).
            if kept[block]?.scenes == scenes {
                kept[block]?.bytes = entry.bytes
                evict(keeping: block)
                report()
            }
            return entry
        } catch {
            if kept[block]?.scenes == scenes { drop(block) }
            throw error
        }
    }

    private func touch(_ block: SceneBlock) {
        recent.removeAll { $0 == block }
        recent.append(block)
    }

    /// Drops the least recently used until the budget holds, never the index just made.
    private func evict(keeping newest: SceneBlock) {
        while cachedBytes > byteBudget || kept.count > capacity, let oldest = recent.first(where: { $0 != newest }) {
            drop(oldest)
        }
    }

    private func drop(_ block: SceneBlock) {
        kept[block] = nil
        recent.removeAll { $0 == block }
        report()
    }

    private func report() { CacheMetrics.holds("scene_indexes", entries: kept.count, bytes: cachedBytes) }
}

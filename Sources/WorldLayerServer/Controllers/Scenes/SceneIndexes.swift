import Foundation
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// Scene indexes by block (``SceneBlock``) and the set of scene anchors they hold: the phones in a
/// block share one index, built once from the stored features and rebuilt only when a scene there
/// is added, replaced or removed. The indexes kept are bounded in bytes, least recently used going
/// first, and building one is metered per address and account: 600 scenes and anonymous `locate`
/// calls once took the server from 363 MB to 3.2 GB in seconds (issue 52, finding 3). Matching
/// runs outside the actor.
actor SceneIndexes {
    struct Entry: Sendable {
        var recognizer: TargetRecognizer
        /// The anchors by index key.
        var anchors: [SceneAnchor]
        /// What it holds in memory: the recognizer's features and tables, and the anchors.
        var bytes: Int { recognizer.memoryBytes + anchors.count * 2_048 }
    }

    private let store: Store
    private let byteBudget: Int
    private let builds: RateLimiter
    private var built: [String: Task<Entry, any Error>] = [:]
    private var sizes: [String: Int] = [:]
    /// Keys, least recently used first.
    private var recent: [String] = []
    /// Indexes at most, whatever their size: builds still running have none yet.
    private let capacity = 64

    init(store: Store, byteBudget: Int, buildRate: RateLimiter.Rate) {
        self.store = store
        self.byteBudget = byteBudget
        self.builds = RateLimiter(buildRate)
    }

    /// Bytes held by the indexes kept now.
    var cachedBytes: Int { sizes.values.reduce(0, +) }
    var cachedCount: Int { built.count }

    /// The index of `anchors`, the scenes of `block`; a build is paid for by each of `requesters`
    /// (an address, an account), and refused with a 429 once one of them has built too many.
    func index(of anchors: [SceneAnchor], block: SceneBlock, requesters: [String]) async throws -> Entry {
        let key = block.key + "|" + anchors.map { "\($0.id.text)@\($0.createdAt.timeIntervalSince1970)" }.sorted().joined(separator: ",")
        if let cached = built[key] {
            touch(key)
            return try await cached.value
        }
        for requester in requesters { try await builds.require(requester, what: "scene searches in new places") }
        let store = store
        let task = Task<Entry, any Error> {
            let stored = try await store.scenes.withFeatures(anchors.map(\.id))
            let recognizer = try TargetRecognizer(
                scenes: stored.enumerated().map { (Int64($0.offset), $0.element.features, $0.element.anchor.plane.pixelsToPlane) })
            return Entry(recognizer: recognizer, anchors: stored.map(\.anchor))
        }
        built[key] = task
        touch(key)
        do {
            let entry = try await task.value
            // Another call may have dropped it meanwhile; only a kept index counts against the budget.
            if built[key] != nil {
                sizes[key] = entry.bytes
                evict(keeping: key)
            }
            return entry
        } catch {
            drop(key)
            throw error
        }
    }

    private func touch(_ key: String) {
        recent.removeAll { $0 == key }
        recent.append(key)
    }

    /// Drops the least recently used until the budget holds, never the index just made.
    private func evict(keeping newest: String) {
        while cachedBytes > byteBudget || built.count > capacity,
            let oldest = recent.first(where: { $0 != newest })
        {
            drop(oldest)
        }
    }

    private func drop(_ key: String) {
        built[key] = nil
        sizes[key] = nil
        recent.removeAll { $0 == key }
    }
}

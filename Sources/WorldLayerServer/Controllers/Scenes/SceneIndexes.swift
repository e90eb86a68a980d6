import Foundation
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// Scene indexes by the set of scene anchors they hold: a phone walking about asks for the same
/// neighbourhood again and again, so its index is built once from the stored features and rebuilt
/// only when a scene there is added, replaced or removed. Matching runs outside the actor.
actor SceneIndexes {
    struct Entry: Sendable {
        var recognizer: TargetRecognizer
        /// The anchors by index key.
        var anchors: [SceneAnchor]
    }

    private let store: Store
    private var built: [String: Task<Entry, any Error>] = [:]
    private var order: [String] = []
    /// Neighbourhoods kept; the oldest goes first.
    private let capacity = 64

    init(store: Store) { self.store = store }

    func index(of anchors: [SceneAnchor]) async throws -> Entry {
        let key = anchors.map { "\($0.id.text)@\($0.createdAt.timeIntervalSince1970)" }.sorted().joined(separator: ",")
        if let cached = built[key] { return try await cached.value }
        let store = store
        let task = Task<Entry, any Error> {
            let stored = try await store.scenes.withFeatures(anchors.map(\.id))
            let recognizer = try TargetRecognizer(
                scenes: stored.enumerated().map { (Int64($0.offset), $0.element.features, $0.element.anchor.plane.pixelsToPlane) })
            return Entry(recognizer: recognizer, anchors: stored.map(\.anchor))
        }
        built[key] = task
        order.append(key)
        if order.count > capacity { built[order.removeFirst()] = nil }
        do {
            return try await task.value
        } catch {
            built[key] = nil
            throw error
        }
    }
}

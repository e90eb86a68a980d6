import Foundation
import WorldLayerCore
import WorldLayerStore

/// A layer the reader chose (``StickerLayer``), with what it needs to judge a sticker: for nearby,
/// cells, the change feed and the live socket alike.
struct ChosenLayer: Sendable {
    var layer: StickerLayer
    var viewer: Account.ID?
    var interests: FeedInterests

    init(_ layer: StickerLayer, viewer: Account.ID?, community: CommunityStore) async throws {
        self.layer = layer
        self.viewer = viewer
        interests = FeedInterests(authors: [], tags: [])
        if let viewer { interests = try await community.feedInterests(of: viewer) }
    }

    /// The `layer` query parameter; nil when absent (everything the viewer may see).
    init?(_ query: Query, viewer: Account.ID?, community: CommunityStore) async throws {
        guard let text = query.items["layer"] else { return nil }
        guard let layer = StickerLayer(text) else { throw APIError.badRequest(StickerLayer.expected, code: .invalidParameter) }
        try await self.init(layer, viewer: viewer, community: community)
    }

    func includes(_ sticker: Sticker) -> Bool { layer.includes(sticker, viewer: viewer, interests: interests) }

    /// A change the viewer may see, as the layer tells it: nothing new from outside the layer, and
    /// a sticker that leaves it goes (nil: nothing to tell).
    func kind(_ kind: ChangeKind, of sticker: Sticker?) -> ChangeKind? {
        guard let sticker, !includes(sticker) else { return kind }
        return kind == .created ? nil : .deleted
    }
}

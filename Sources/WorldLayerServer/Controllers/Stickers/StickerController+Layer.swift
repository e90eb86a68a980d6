import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

extension StickerController {
    /// The `layer` query parameter, with what the viewer follows; nil when absent (everything they may see).
    func layer(_ query: Query, _ context: AppRequestContext) async throws -> ChosenLayer? {
        try await ChosenLayer(query, viewer: context.account?.id, community: community)
    }

    /// Batches of the nearby search one request reads at most for a layer.
    static let layerBatches = 8

    /// A page of nearby stickers in the layer: the search read on, a page at a time, until `limit`
    /// are in the layer or the disc is done, so a narrow layer still fills its page.
    func searchLayer(
        _ layer: ChosenLayer?, center: Coordinate, radius: Double, viewer: Account.ID?, limit: Int, after cursor: NearbyCursor?
    ) async throws -> (page: [NearbySticker], next: String?) {
        var kept: [NearbySticker] = []
        var after = cursor
        var exhausted = false
        var batches = 0
        // A narrow layer in a crowded place could read every sticker around: at most this many
        // batches per request; a page left short then says where the next one goes on.
        while kept.count <= limit, !exhausted, batches < Self.layerBatches {
            let batch = try await nearby.search(center: center, radius: radius, viewer: viewer, limit: limit + 1, after: after)
            kept += batch.filter { layer?.includes($0.sticker) ?? true }
            exhausted = batch.count <= limit
            after = batch.last.map { NearbyCursor(distance: $0.distance, id: $0.sticker.id) }
            batches += 1
        }
        let page = Array(kept.prefix(limit))
        if kept.count > limit { return (page, page.last.map { NearbyCursor(distance: $0.distance, id: $0.sticker.id).description }) }
        return (page, exhausted ? nil : after?.description)
    }
}

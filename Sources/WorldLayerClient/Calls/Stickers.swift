import Foundation
import WorldLayerAPI
import WorldLayerGeo

public typealias Sticker = Components.Schemas.Sticker
public typealias StickerDraft = Components.Schemas.StickerDraft
public typealias StickerAnchor = Components.Schemas.Anchor
/// A sticker near a point, with its distance (metres) and bearing (degrees from north).
public typealias NearbySticker = Operations.NearbyStickers.Output.Ok.Body.JsonPayload.StickersPayloadPayload
/// What changed in some cells since a sequence number, or the whole state when `reset`.
public typealias CellChanges = Operations.Changes.Output.Ok.Body.JsonPayload

/// Stickers: create, edit, place, delete, and find them around a place.
public struct Stickers: Sendable {
    let world: WorldLayer

    /// Creates a sticker (unpublished) under an id the app made (``WorldLayer/newID()``), or edits it: an edit carries
    /// the `version` it read in `draft.version` and takes a published sticker back to unpublished
    /// until it is placed again. Sending the same thing again changes nothing, so a
    /// retry is safe. A stale version is refused with a `version_conflict` that carries the current one.
    @discardableResult
    public func save(id: String, _ draft: StickerDraft) async throws(WorldLayerError) -> Sticker {
        try await world.perform {
            switch try await world.api.putSticker(path: .init(id: id), body: .json(draft)) {
            case .created(let created): try created.body.json
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Publishes an unpublished sticker, for everyone it is shared with to see.
    @discardableResult
    public func place(id: String, version: Int? = nil) async throws(WorldLayerError) -> Sticker {
        try await world.perform {
            switch try await world.api.placeSticker(path: .init(id: id), body: .json(.init(version: version))) {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Deletes a sticker in any state; deleting again is not an error.
    public func delete(id: String) async throws(WorldLayerError) {
        try await world.perform {
            switch try await world.api.deleteSticker(path: .init(id: id)) {
            case .noContent: ()
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// A sticker, if this session may see it.
    public func get(id: String) async throws(WorldLayerError) -> Sticker {
        try await world.perform {
            switch try await world.api.getSticker(path: .init(id: id)) {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// The stickers within `radius` metres (at most 1,000) of a point, nearest first.
    public func nearby(_ point: Coordinate, radius: Double = 100, limit: Int = 50) async throws(WorldLayerError) -> [NearbySticker] {
        try await world.perform {
            let query = Operations.NearbyStickers.Input.Query(
                latitude: point.latitude, longitude: point.longitude, radius: radius, limit: limit)
            switch try await world.api.nearbyStickers(query: query) {
            case .ok(let ok): return try ok.body.json.stickers
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Every sticker of the session's account, in any state.
    public func mine() async throws(WorldLayerError) -> [Sticker] {
        try await world.perform {
            switch try await world.api.myStickers() {
            case .ok(let ok): try ok.body.json.stickers
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// What changed in `cells` after `since`, or their whole state (`reset`) without one or when the
    /// server's log no longer reaches back. With `wait` (seconds, up to 30) an answer with nothing in
    /// it is held until something happens there: a live subscription over plain HTTP.
    public func changes(in cells: [CellID], since: Int?, wait: Int = 0) async throws(WorldLayerError) -> CellChanges {
        try await world.perform {
            let query = Operations.Changes.Input.Query(
                cells: cells.map(\.description).joined(separator: ","), since: since, wait: wait)
            switch try await world.api.changes(query: query) {
            case .ok(let ok): return try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }
}

import Foundation
import WorldLayerClient

/// The other person on a rehearsed walk: places, edits and deletes stickers near the walker's
/// path, mostly ahead of them, at a steady rate, telling the ledger what the walker should see.
struct OtherPerson {
    let world: WorldLayer
    let path: WalkPath
    let ledger: WalkLedger
    let around: Surroundings
    var random: SplitMix64
    private var mine: [(sticker: Sticker, position: Coordinate)] = []

    init(world: WorldLayer, path: WalkPath, ledger: WalkLedger, around: Surroundings, seed: UInt64) {
        self.world = world
        self.path = path
        self.ledger = ledger
        self.around = around
        random = SplitMix64(seed: seed)
    }

    /// Content that is there before the walk starts: `perCell` stickers for each cell of the path.
    mutating func furnish(perCell: Int) async throws {
        let count = path.cells * perCell
        for i in 0..<count {
            let along = (Double(i) + random.uniform(0, 1)) * path.metres / Double(count)
            try await place(at: path.point(along: along, aside: random.uniform(-80, 80)), text: "there before \(i)")
        }
    }

    /// One change near the walker, who is `walked` metres down the path.
    mutating func act(walked: Double) async throws {
        let roll = random.uniform(0, 1)
        let near = mine.indices.filter { Geodesic.wgs84.inverse(path.point(along: walked), mine[$0].position).distance < 400 }
        if roll < 0.55 || near.isEmpty {
            let along = min(path.metres, walked + random.uniform(40, 500))
            try await place(at: path.point(along: along, aside: random.uniform(-70, 70)), text: "placed at \(Int(walked)) m")
        } else if roll < 0.85 {
            let index = near[Int(random.next() % UInt64(near.count))]
            var draft = mine[index].sticker.draft
            draft.text = "edited at \(Int(walked)) m"
            // An edit takes a sticker back to unpublished; it shows again, edited, once placed again.
            let saved = try await world.stickers.save(id: mine[index].sticker.id, draft)
            let edited = try await world.stickers.place(id: saved.id, version: saved.version)
            mine[index].sticker = edited
            await ledger.published(
                edited.id, cell: edited.cell, version: edited.version, at: mine[index].position, watched: await watchedCells(),
                now: ContinuousClock.now, isEdit: true)
        } else {
            let index = near[Int(random.next() % UInt64(near.count))]
            let gone = mine.remove(at: index)
            try await world.stickers.delete(id: gone.sticker.id)
            await ledger.deleted(gone.sticker.id, cell: gone.sticker.cell, watched: await watchedCells(), now: ContinuousClock.now)
        }
    }

    private mutating func place(at position: Coordinate, text: String) async throws {
        let id = WorldLayer.newID()
        try await world.stickers.save(id: id, StickerDraft.walkNote(text, at: position))
        let placed = try await world.stickers.place(id: id)
        mine.append((placed, position))
        await ledger.published(
            placed.id, cell: placed.cell, version: placed.version, at: position, watched: await watchedCells(), now: ContinuousClock.now,
            isEdit: false)
    }

    private func watchedCells() async -> Set<CellID> { await around.now?.cells ?? [] }
}

extension StickerDraft {
    /// A public sticky note at a place, as the rehearsal's people write them.
    static func walkNote(_ text: String, at position: Coordinate) -> StickerDraft {
        StickerDraft(
            templateId: "sticky-note", text: text, tags: ["#Walk"], color: "#ff8800", size: 0.4, orientation: [0, 0, 0, 1],
            anchor: .init(latitude: position.latitude, longitude: position.longitude, altitude: 20, accuracy: 3),
            visibility: ._public, sharedWith: [])
    }
}

import Foundation
import WorldLayerCLI
import WorldLayerClient

/// The walker's own writes, all through the outbox as an app makes them: two stickers placed before
/// the walk, stickers placed while offline, an offline edit that the walker's other phone overtakes
/// (a conflict to hand back, not to overwrite), and an offline delete. Afterwards it checks on the
/// server that each was applied exactly once.
actor WalkerWrites {
    private let phone: WorldLayer
    private let otherPhone: WorldLayer
    private let outbox: Outbox
    private var offline: Set<UUID> = []
    private var outcomes: [UUID: WriteOutcome] = [:]
    private var placedOffline: [String] = []
    private var toEdit: Sticker?
    private var toDelete: String?
    /// A sticker's version once created and placed, each exactly once.
    private var placedOnceVersion = 0
    private static let otherPhoneText = "edited on the other phone"

    init(phone: WorldLayer, otherPhone: WorldLayer, outbox: Outbox) {
        self.phone = phone
        self.otherPhone = otherPhone
        self.outbox = outbox
    }

    /// Two stickers placed online before the walk: one to edit offline, one to delete offline.
    func beforeTheWalk(at start: Coordinate) async throws {
        let ids = [WorldLayer.newID(), WorldLayer.newID()]
        for id in ids { try await enqueuePlacing(id, at: start, text: "the walker's") }
        guard await outbox.flush() else { throw CommandFailure("the walker's first stickers did not reach the server") }
        let first = try await phone.stickers.get(id: ids[0])
        toEdit = first
        toDelete = ids[1]
        placedOnceVersion = first.version
    }

    /// Follows what became of each write.
    func collect() async {
        for await outcome in outbox.outcomes {
            switch outcome {
            case .applied(let write), .conflict(let write, _), .refused(let write, _): outcomes[write.id] = outcome
            }
        }
    }

    /// Places `count` stickers at `position` while the network is away.
    func offline(placing count: Int, at position: Coordinate) async throws {
        for _ in 0..<count {
            let id = WorldLayer.newID()
            offline.formUnion(try await enqueuePlacing(id, at: position, text: "placed offline"))
            placedOffline.append(id)
        }
    }

    /// The other phone edits the first sticker (online); this phone, offline, edits the version it
    /// read before, and deletes the second.
    func offlineEditWhileTheOtherPhoneEdits() async throws {
        guard let toEdit, let toDelete else { return }
        var theirs = toEdit.draft
        theirs.text = Self.otherPhoneText
        try await otherPhone.stickers.save(id: toEdit.id, theirs)
        var mine = toEdit.draft
        mine.text = "edited offline on the walk"
        offline.insert(try await outbox.enqueue(.saveSticker(id: toEdit.id, draft: mine)).id)
        offline.insert(try await outbox.enqueue(.deleteSticker(id: toDelete)).id)
    }

    /// What the server has now, against what each offline write should have done exactly once.
    func check(_ figures: WalkFigures) async throws -> WalkFigures {
        var figures = figures
        figures.offlineWrites = offline.count
        for id in offline {
            switch outcomes[id] {
            case .conflict: figures.conflicts += 1
            case .refused: figures.refused += 1
            default: break
            }
        }
        for id in placedOffline {
            // Created and placed: two writes. A repeat that was applied again would show in the version.
            guard let sticker = try? await otherPhone.stickers.get(id: id) else {
                figures.lost += 2
                continue
            }
            if sticker.state == .published, sticker.version == placedOnceVersion {
                figures.appliedOnce += 2
            } else if sticker.version > placedOnceVersion {
                figures.appliedTwice += 2
            } else {
                figures.lost += 1
            }
        }
        if let toDelete {
            let gone = (try? await otherPhone.stickers.get(id: toDelete)) == nil
            if gone { figures.appliedOnce += 1 } else { figures.lost += 1 }
        }
        if let toEdit, try await otherPhone.stickers.get(id: toEdit.id).text != Self.otherPhoneText {
            figures.conflictsOverwritten += 1
        }
        return figures
    }

    @discardableResult
    private func enqueuePlacing(_ id: String, at position: Coordinate, text: String) async throws -> [UUID] {
        [
            try await outbox.enqueue(.saveSticker(id: id, draft: .walkNote(text, at: position))).id,
            try await outbox.enqueue(.placeSticker(id: id, version: nil)).id,
        ]
    }
}

import Foundation
import WorldLayerCore
import WorldLayerStore

/// Making and editing a sticker, the one path for the API (and any other caller): the draft's own
/// rules, its clip's facts from the author's own upload, then the store's write with its placement
/// rules (template, people, groups, worldmap, zone) and its version check.
public struct StickerEditing: Sendable {
    let stickers: StickerStore
    let clock: WallClock

    public init(stickers: StickerStore, clock: WallClock) {
        self.stickers = stickers
        self.clock = clock
    }

    /// Creates the sticker at `id`, or edits it when `expectedVersion` is the one stored. Throws
    /// ``FieldErrors`` for the draft, and the store's ``StickerWriteError`` for the rest; the same
    /// request again returns the same sticker (`created` false).
    public func put(id: Sticker.ID, draft: StickerDraft, author: Account, expectedVersion: Int?) async throws -> (Sticker, created: Bool) {
        var draft = try StickerRules.validate(draft, now: clock.now()).get()
        if let media = draft.media {
            guard let upload = try await stickers.upload(media.id, by: author.id) else { throw FieldErrors([StickerRules.clipNotUploaded]) }
            draft.media = StickerMedia(id: upload.id, contentType: upload.contentType, duration: upload.duration)
        }
        return try await stickers.put(id: id, draft: draft, author: author, expectedVersion: expectedVersion)
    }
}

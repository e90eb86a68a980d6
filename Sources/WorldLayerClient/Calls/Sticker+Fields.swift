import Foundation
import WorldLayerAPI

// The document composes a sticker from its draft and what the server adds (`allOf`); the generator
// keeps the two halves apart. These read the halves as one sticker.
extension Components.Schemas.Sticker: Identifiable {
    public var id: String { value2.id }
    public var state: Components.Schemas.Sticker.Value2Payload.StatePayload { value2.state }
    public var version: Int { value2.version }
    public var author: Components.Schemas.Person { value2.author }
    public var cell: String { value2.cell }
    public var updatedAt: Date { value2.updatedAt }
    public var text: String { value1.text }
    public var anchor: Components.Schemas.Anchor { value1.anchor }
    /// The sticker as a draft, to edit and save again (carrying the version it was read at).
    public var draft: Components.Schemas.StickerDraft {
        var draft = value1
        draft.version = value2.version
        // A sticker on its cell's public map names that map; a draft names only a private one.
        if !value2.worldmapIsPrivate { draft.worldmapId = nil }
        return draft
    }
}

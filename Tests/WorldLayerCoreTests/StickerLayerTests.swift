import Foundation
import Testing
import WorldLayerCore

/// The layers a person chooses, judged on stickers they may see: no database.
@Suite("Sticker layers")
struct StickerLayerTests {
    let me = Account.ID(), friend = Account.ID(), stranger = Account.ID()
    let flat = Worldmap.ID()

    func sticker(by author: Account.ID, tags: [String] = [], onPrivateMap map: Worldmap.ID? = nil) -> Sticker {
        Sticker(
            id: Sticker.ID(), author: StickerAuthor(id: author, username: "a", displayName: "A"), state: .published,
            draft: StickerDraft(
                templateId: "note", tags: tags, anchor: StickerAnchor(latitude: 60.17, longitude: 24.94, altitude: 0, accuracy: 5)),
            worldmapId: map ?? Worldmap.ID(), worldmapIsPrivate: map != nil, cell: "c", version: 1, createdAt: Date(), updatedAt: Date())
    }

    @Test("the text form reads back; anything else is refused")
    func parsing() {
        for layer in [StickerLayer.public, .following, .worldmap(flat)] { #expect(StickerLayer(layer.description) == layer) }
        #expect(StickerLayer("everything") == nil && StickerLayer("worldmap:nope") == nil && StickerLayer("") == nil)
    }

    @Test("public is the world outside private maps; following narrows it to people and tags I follow and mine; a map is only its own")
    func includes() {
        let interests = FeedInterests(authors: [friend], tags: ["sieni"])
        let mine = sticker(by: me), friends = sticker(by: friend), tagged = sticker(by: stranger, tags: ["sieni"])
        let other = sticker(by: stranger), onFlat = sticker(by: friend, onPrivateMap: flat),
            elsewhere = sticker(by: me, onPrivateMap: Worldmap.ID())
        let all = [mine, friends, tagged, other, onFlat, elsewhere]
        func shown(_ layer: StickerLayer) -> [Sticker.ID] { all.filter { layer.includes($0, viewer: me, interests: interests) }.map(\.id) }
        #expect(shown(.public) == [mine, friends, tagged, other].map(\.id))
        #expect(shown(.following) == [mine, friends, tagged].map(\.id))
        #expect(shown(.worldmap(flat)) == [onFlat.id])
    }
}

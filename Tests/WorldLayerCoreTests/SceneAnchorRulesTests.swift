import Foundation
import Testing
import WorldLayerCore

/// Who may anchor a sticker to a scene or take it off, and how a frame's problems are said: no database.
@Suite("Scene anchor rules")
struct SceneAnchorRulesTests {
    func account(_ role: AccountRole) -> Account {
        Account(
            id: Account.ID(), username: "u", email: "u@example.org", displayName: "U", birthday: "1990-01-01", role: role, createdAt: Date()
        )
    }

    func sticker(by author: Account) -> Sticker {
        Sticker(
            id: Sticker.ID(), author: StickerAuthor(id: author.id, username: author.username, displayName: author.displayName),
            state: .published,
            draft: StickerDraft(templateId: "note", anchor: StickerAnchor(latitude: 60, longitude: 25, altitude: 0, accuracy: 3)),
            worldmapId: Worldmap.ID(), worldmapIsPrivate: false, cell: "c", version: 1, createdAt: Date(), updatedAt: Date())
    }

    @Test("its author anchors a sticker; its author or a moderator takes it off")
    func whoMay() {
        let author = account(.user), other = account(.user), moderator = account(.moderator)
        let s = sticker(by: author)
        #expect(SceneAnchorRules.mayAnchor(s, by: author.id) && !SceneAnchorRules.mayAnchor(s, by: moderator.id))
        #expect(SceneAnchorRules.mayRemove(s, by: author) && SceneAnchorRules.mayRemove(s, by: moderator))
        #expect(!SceneAnchorRules.mayRemove(s, by: other))
    }

    @Test("a frame's problems are the frame's, each with what to do")
    func frameProblems() {
        let said = SceneAnchorRules.frameProblems(["too few features"])
        #expect(
            said.map(\.field) == ["frame"] && said[0].message.contains("too few features") && said[0].message.contains("flat, detailed"))
    }
}

import Foundation
import Testing
import WorldLayerCore

@Suite("Content warnings: who is an adult, and the rule for age-restricted stickers")
struct ContentWarningTests {
    static func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: "\(text)T12:00:00Z")! }

    @Test(
        "an adult from the 18th birthday on (UTC), and a 29 February birthday from 1 March",
        arguments: [
            ("2008-06-15", "2026-06-15", true), ("2008-06-16", "2026-06-15", false), ("1990-01-01", "2026-06-15", true),
            ("2008-02-29", "2026-02-28", false), ("2008-02-29", "2026-03-01", true), ("2010-02-28", "2028-02-29", true),
            ("2010-03-01", "2028-02-29", false), ("2012-02-29", "2030-02-28", false),
        ])
    func adulthood(birthday: String, on today: String, adult: Bool) {
        #expect(Viewer.isAdult(birthday: birthday, now: Self.day(today)) == adult)
    }

    @Test("an age-restricted sticker reaches its author and adults, never minors or anyone signed out")
    func rule() {
        let author = Account.ID()
        let sticker = StickerAudience(
            author: author, state: .published, visibility: .public, privateWorldmap: nil, expiresAt: nil, sharedWith: [],
            ageRestricted: true)
        #expect(Viewer(accountID: author).canSee(sticker))
        #expect(Viewer(accountID: Account.ID(), isAdult: true).canSee(sticker))
        #expect(!Viewer(accountID: Account.ID(), isAdult: false).canSee(sticker))
        #expect(!Viewer.anonymous.canSee(sticker))
        var plain = sticker
        plain.ageRestricted = false
        #expect(Viewer.anonymous.canSee(plain))
    }

    @Test("warnings are stored each once in a fixed order, and none as absent")
    func canonical() throws {
        let anchor = StickerAnchor(latitude: 60.17, longitude: 24.94, altitude: 20, accuracy: 3)
        var draft = StickerDraft(templateId: "sticky-note", anchor: anchor, contentWarnings: [.ageRestricted, .graphic, .ageRestricted])
        #expect(try StickerRules.validate(draft).get().contentWarnings == [.graphic, .ageRestricted])
        draft.contentWarnings = []
        #expect(try StickerRules.validate(draft).get().contentWarnings == nil)
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

/// What an ad must be, from the template as the store would fetch it: no database.
@Suite("Ad rules")
struct AdRulesTests {
    let shop = Account.ID()
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func template(
        _ kind: StickerTemplate.Kind, takesText: Bool = true, status: StickerTemplate.Status = .approved, author: Account.ID? = nil
    )
        -> StickerTemplate
    {
        StickerTemplate(
            id: "t", name: "T", kind: kind, takesText: takesText, status: status, authorId: author, assetId: nil, assetType: nil,
            previewId: "p", createdAt: start)
    }

    func draft(text: String = "Coffee") -> AdDraft {
        AdDraft(
            templateId: "t", text: text, color: "#FF8800", size: 0.5,
            anchor: StickerAnchor(latitude: 60.17, longitude: 24.94, altitude: 10, accuracy: 5),
            area: GeoPolygon([
                Coordinate(latitude: 60.16, longitude: 24.93), Coordinate(latitude: 60.16, longitude: 24.95),
                Coordinate(latitude: 60.18, longitude: 24.95),
            ]), startsAt: start, endsAt: start.addingTimeInterval(86_400))
    }

    @Test("an ad uses a 2D or 3D template its advertiser may use, with text only where the template takes it")
    func templates() {
        #expect(draft().problems(template: template(.image), advertiser: shop).isEmpty)
        #expect(draft().problems(template: template(.model, status: .pending, author: shop), advertiser: shop).isEmpty)
        #expect(draft().problems(template: template(.text), advertiser: shop).map(\.field) == ["templateId"], "a note is not an ad")
        #expect(draft().problems(template: nil, advertiser: shop).map(\.field) == ["templateId"])
        #expect(
            draft().problems(template: template(.image, status: .pending, author: Account.ID()), advertiser: shop).map(\.field)
                == ["templateId"], "someone else's pending design")
        #expect(draft().problems(template: template(.image, takesText: false), advertiser: shop).map(\.field) == ["text"])
        #expect(draft(text: "").problems(template: template(.image, takesText: false), advertiser: shop).isEmpty)
    }

    @Test("a rejection says why; an approval may")
    func reviewReason() throws {
        #expect(throws: FieldErrors.self) { try AdReviewRules.reason("   ", approving: false).get() }
        #expect(throws: FieldErrors.self) { try AdReviewRules.reason(nil, approving: false).get() }
        #expect(try AdReviewRules.reason("  looks like a brand  ", approving: false).get() == "looks like a brand")
        #expect(try AdReviewRules.reason(nil, approving: true).get() == nil)
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// Reports and ads at the store, on both engines: one open report per person and sticker, a decision
/// that hides settling every report of it, an ad's lifecycle, and every decision in the log.
@Suite("Reports, ads and the moderation log in the store")
struct ModerationStoreTests {
    @Test(
        "a report is filed once per person; one the reporter cannot see is not; hiding ends the sticker and settles every report",
        arguments: ScratchDatabase.engines)
    func reports(engine: Store.Engine) async throws {
        let (store, ana) = try await StickerStoreTests.world(engine)
        let ben = try await ViewerRelationsStoreTests.account("ben", in: store)
        let cy = try await ViewerRelationsStoreTests.account("cy", in: store)
        let sticker = Sticker.ID()
        _ = try await store.stickers.put(id: sticker, draft: StickerStoreTests.draft("buy watches"), author: ana, expectedVersion: nil)
        _ = try await store.stickers.place(id: sticker, author: ana.id, expectedVersion: nil)
        let secret = Sticker.ID()
        _ = try await store.stickers.put(
            id: secret, draft: StickerStoreTests.draft("mine", visibility: .private), author: ana, expectedVersion: nil)

        let first = try await store.moderation.report(stickerID: sticker, reason: "spam", reporter: store.accounts.viewer(ben))
        let again = try await store.moderation.report(stickerID: sticker, reason: "spam!", reporter: store.accounts.viewer(ben))
        guard case .filed(let report, true) = first, case .filed(let same, false) = again else {
            throw HelperFailure("not filed once: \(first), \(again)")
        }
        #expect(same.id == report.id && same.reason == "spam")
        #expect(try await store.moderation.report(stickerID: secret, reason: "?", reporter: store.accounts.viewer(ben)) == .notFound)
        _ = try await store.moderation.report(stickerID: sticker, reason: "scam", reporter: store.accounts.viewer(cy))
        #expect(try await store.moderation.openReports().count == 2)

        let moderator = try #require(try await store.accounts.account(id: cy))
        let decided = try await store.moderation.decide(reportID: report.id, hide: true, note: "an ad in disguise", moderator: moderator)
        #expect(decided?.status == .hidden)
        #expect(try await store.moderation.openReports().isEmpty, "hiding settles every open report of the sticker")
        #expect(try await store.stickers.sticker(id: sticker, viewer: store.accounts.viewer(ben)) == nil)
        #expect(try await store.moderation.decide(reportID: report.id, hide: false, note: nil, moderator: moderator) == nil)
        #expect(try await store.moderation.reports(by: ben).map(\.status) == [.hidden])
        let log = try await store.moderation.log()
        #expect(log.map(\.action) == ["hide"] && log.first?.targetId == sticker.text && log.first?.note == "an ad in disguise")
        try await store.close()
    }

    static func adDraft(_ text: String, starts: Date) -> AdDraft {
        AdDraft(
            templateId: "note", text: text, color: "#FF8800", size: 0.5,
            anchor: StickerAnchor(latitude: 60.17, longitude: 24.94, altitude: 10, accuracy: 5), area: TourStoreTests.square,
            startsAt: starts, endsAt: starts.addingTimeInterval(86_400))
    }

    @Test(
        "an ad is made once per id, submitted, reviewed and shown inside its area and schedule; an edit sends it back to draft",
        arguments: ScratchDatabase.engines)
    func ads(engine: Store.Engine) async throws {
        let (store, shop) = try await StickerStoreTests.world(engine)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.ads.setAdvertiser(accountID: shop.id, name: "Kahvila", now: now)
        #expect(try await store.ads.advertiserName(shop.id) == "Kahvila")
        let id = Ad.ID()
        let (ad, created) = try await store.ads.put(
            id: id, draft: Self.adDraft("Coffee", starts: now), advertiser: shop.id, name: "Kahvila")
        let (_, createdAgain) = try await store.ads.put(
            id: id, draft: Self.adDraft("Coffee", starts: now), advertiser: shop.id, name: "Kahvila")
        #expect(created && !createdAgain && ad.status == .draft)
        let stranger = try await ViewerRelationsStoreTests.account("stranger", in: store)
        await #expect(throws: AdWriteError.notFound) { try await store.ads.change(id: id, advertiser: stranger, to: .pulled) }

        _ = try await store.ads.change(id: id, advertiser: shop.id, to: .pending)
        #expect(try await store.ads.pending().map(\.id) == [id])
        let moderator = try #require(try await store.accounts.account(id: stranger))
        #expect(try await store.ads.review(id: id, approve: true, reason: nil, moderator: moderator, now: now)?.status == .approved)
        let inside = Coordinate(latitude: 60.17, longitude: 24.94)
        #expect(try await store.ads.showing(at: inside, now: now.addingTimeInterval(60)).map(\.id) == [id])
        #expect(try await store.ads.showing(at: Coordinate(latitude: 60.2, longitude: 24.94), now: now.addingTimeInterval(60)).isEmpty)
        #expect(try await store.ads.showing(at: inside, now: now.addingTimeInterval(86_400)).isEmpty, "its schedule has ended")

        let (edited, _) = try await store.ads.put(id: id, draft: Self.adDraft("Tea", starts: now), advertiser: shop.id, name: "Kahvila")
        #expect(edited.status == .draft, "an edit is reviewed anew")
        #expect(try await store.ads.showing(at: inside, now: now.addingTimeInterval(60)).isEmpty)
        _ = try await store.ads.change(id: id, advertiser: shop.id, to: .pulled)
        await #expect(throws: AdWriteError.self) {
            try await store.ads.put(id: id, draft: Self.adDraft("Again", starts: now), advertiser: shop.id, name: "Kahvila")
        }
        #expect(try await store.moderation.log().map(\.action) == ["approve_ad"])
        try await store.close()
    }
}

import Foundation
import Testing
import WorldLayerCore

@testable import WorldLayerServer

/// A nearby page written by hand is what `JSONEncoder` writes for it: with and without a next
/// page, empty and full (the stickers' own shapes are `StickerJSONTests`'s).
struct NearbyPageJSONTests {
    static func sticker(_ i: Int) -> Sticker {
        let draft = StickerDraft(
            templateId: "sticky-note", text: "Sticker \(i) \"quoted\" / é", tags: ["bench"],
            anchor: StickerAnchor(latitude: 60.17 + Double(i) * 1e-5, longitude: 24.94, altitude: 20, accuracy: 5),
            visibility: i % 2 == 0 ? .public : .shared, sharedWith: i % 2 == 0 ? [] : ["ada"])
        return Sticker(
            id: .init(), author: StickerAuthor(id: .init(), username: "ada", displayName: "Ada L."), state: .published, draft: draft,
            worldmapId: .init(), worldmapIsPrivate: false, cell: "8f2a1c0", version: i + 1,
            createdAt: Date(timeIntervalSince1970: 1_795_394_209.572 + Double(i)), updatedAt: Date(timeIntervalSince1970: 1_795_394_300))
    }

    @Test(arguments: [0, 1, 50])
    func writesWhatJSONEncoderWrites(count: Int) throws {
        for next in [nil, "12.5:6f1c0000-0000-4000-8000-000000000001"] {
            let page = StickerController.NearbyPage(
                stickers: (0..<count).map { .init(sticker: Self.sticker($0), distance: Double($0) * 3.25, bearing: Double($0 * 7 % 360)) },
                next: next, seq: 4_211)
            #expect(page.wireJSON == Array(try WireJSON.encoder.encode(page)))
        }
    }
}

import Foundation
import Testing
import WorldLayerCore

@testable import WorldLayerStore

@Suite("Reading stored sticker bodies")
struct StoredStickerReaderTests {
    static func sticker(text: String, pose: [Double]? = nil, groups: [String]? = nil, expires: Date? = nil, version: Int = 3) -> Sticker {
        let draft = StickerDraft(
            templateId: "speech-bubble", text: text, tags: ["ünïcode", "tag \"quoted\""], color: "#00FF7F", size: 1.25,
            orientation: Orientation(x: 0.1, y: -0.2, z: 0.3, w: 0.9273618495495704),
            anchor: StickerAnchor(latitude: -33.8567844, longitude: 151.213108, altitude: -12.5, accuracy: 0.03), pose: pose,
            visibility: .shared, sharedWith: ["bo", "çelik"], sharedWithGroups: groups, expiresAt: expires)
        return Sticker(
            id: Sticker.ID(), author: StickerAuthor(id: Account.ID(), username: "ada", displayName: "Ada \\ Lovelace / \u{1F9EE}"),
            state: .unpublished,
            draft: draft, worldmapId: Worldmap.ID(), worldmapIsPrivate: true, cell: "6gkzwgjz", version: version,
            createdAt: Date(timeIntervalSince1970: 1_795_394_209.5), updatedAt: Date(timeIntervalSince1970: 1_795_394_300.25))
    }

    @Test(
        "reads what StoreJSON writes exactly as JSONDecoder does",
        arguments: [
            sticker(text: "plain"),
            sticker(
                text: "quotes \" backslash \\ slash / tab \t newline \n nul-ish \u{1} bell \u{7}",
                pose: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, -1.25, 3e-7, 1]),
            sticker(text: "emoji 🧭🏳️‍🌈, CJK 東京, RTL שלום, combining e\u{301}, separators \u{2028}\u{2029}", groups: ["g1", "g2"]),
            sticker(text: "", groups: [], expires: Date(timeIntervalSince1970: 1_900_000_000.125), version: Int(Int32.max) + 7),
        ])
    func matchesJSONDecoder(original: Sticker) throws {
        let body = try StoreJSON.string(original)
        let read = try #require(StoredStickerReader.sticker(from: body))
        #expect(read == (try StoreJSON.decode(Sticker.self, body)))
        #expect(read == original)
        #expect(StoredStickerReader.summary(from: body) == StickerSummary(original))
    }

    @Test("the summary names who may see a sticker and where it is")
    func summary() throws {
        var s = Self.sticker(text: "x", expires: Date(timeIntervalSince1970: 1_900_000_000.5))
        var summary = try #require(StoredStickerReader.summary(from: try StoreJSON.string(s)))
        #expect(summary.id == s.id && summary.idText == s.id.text && summary.version == 3)
        #expect(summary.author == s.author.id && summary.state == .unpublished && summary.visibility == .shared)
        #expect(summary.privateWorldmap == s.worldmapId && summary.expiresAt == s.expiresAt)
        #expect(summary.coordinate == s.anchor.coordinate)
        s.worldmapIsPrivate = false
        s.expiresAt = nil
        summary = try #require(StoredStickerReader.summary(from: try StoreJSON.string(s)))
        #expect(summary.privateWorldmap == nil && summary.expiresAt == nil)
    }

    @Test("escapes JSONDecoder accepts but StoreJSON never writes are read the same")
    func foreignEscapes() throws {
        var body = try StoreJSON.string(Self.sticker(text: "x"))
        body = body.replacingOccurrences(of: #""text":"x""#, with: #""text":"\u00e9\ud83e\uddee\/\"""#)
        let read = try #require(StoredStickerReader.sticker(from: body))
        #expect(read.text == "é🧮/\"")
        #expect(read == (try StoreJSON.decode(Sticker.self, body)))
    }

    @Test("fields it does not know are skipped")
    func unknownFields() throws {
        let original = Self.sticker(text: "x")
        let body = try StoreJSON.string(original).replacingOccurrences(
            of: #"{"anchor""#, with: #"{"later":{"a":[1,{"b":null}],"c":true,"d":"\"}"},"anchor""#)
        #expect(StoredStickerReader.sticker(from: body) == original)
    }

    @Test(
        "anything unexpected is left to JSONDecoder (nil), never read wrongly",
        arguments: [
            #"{"id":"#, "", "[]", #"{"version":"2"}"#,
        ])
    func refusesMalformed(body: String) throws {
        #expect(StoredStickerReader.sticker(from: body) == nil)
    }

    @Test("a body missing a field, with a bad UUID, or with trailing bytes is not read")
    func refusesIncomplete() throws {
        let body = try StoreJSON.string(Self.sticker(text: "x"))
        #expect(StoredStickerReader.sticker(from: body.replacingOccurrences(of: #""cell":"6gkzwgjz","#, with: "")) == nil)
        #expect(StoredStickerReader.sticker(from: body.replacingOccurrences(of: #""version":3"#, with: #""version":3.5"#)) == nil)
        #expect(StoredStickerReader.sticker(from: body + "x") == nil)
        let id = try #require(body.range(of: #""id":""#))
        #expect(
            StoredStickerReader.sticker(
                from: body.replacingCharacters(in: id.upperBound..<body.index(id.upperBound, offsetBy: 4), with: "zzzz")) == nil)
    }
}

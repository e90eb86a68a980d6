import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo

/// The hand-written sticker JSON (``WireJSONWriter/sticker(_:)``) is what `JSONEncoder` writes,
/// byte for byte, on stickers of every shape: optionals present and absent, text that needs
/// escaping, numbers large, small and whole.
struct StickerJSONTests {
    static let pieces = [
        "a", "Ö", "日本", "🧭", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", " ", "<b>", "é", "\u{7F}", "\r", "\u{08}", "\u{0C}",
    ]

    static func text(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func number(_ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: Double(Int.random(in: -1000...1000, using: &rng))
        case 1: Double.random(in: -180...180, using: &rng)
        case 2: Double.random(in: 0...1e-6, using: &rng)
        case 3: Double.random(in: 1e15...1e22, using: &rng)
        case 4: [0, -0.0, 0.1, 1, 0.3, 60.1699].randomElement(using: &rng)!
        default: Double.random(in: -1...1, using: &rng)
        }
    }

    static func sticker(_ rng: inout SplitMix64) -> Sticker {
        let draft = StickerDraft(
            templateId: text(&rng), text: text(&rng), tags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng) },
            color: "#FFD60A", size: number(&rng),
            orientation: Orientation(x: number(&rng), y: number(&rng), z: number(&rng), w: number(&rng)),
            anchor: StickerAnchor(latitude: number(&rng), longitude: number(&rng), altitude: number(&rng), accuracy: number(&rng)),
            pose: Bool.random(using: &rng) ? (0..<16).map { _ in number(&rng) } : nil,
            visibility: Visibility.allCases.randomElement(using: &rng)!,
            sharedWith: (0..<Int.random(in: 0...2, using: &rng)).map { _ in text(&rng) },
            sharedWithGroups: Bool.random(using: &rng) ? [text(&rng)] : nil,
            expiresAt: Bool.random(using: &rng) ? Date(timeIntervalSince1970: Double.random(in: 0...4e9, using: &rng)) : nil,
            contentWarnings: Bool.random(using: &rng) ? Array(ContentWarning.allCases.prefix(Int.random(in: 0...2, using: &rng))) : nil,
            media: Bool.random(using: &rng)
                ? StickerMedia(
                    id: text(&rng), contentType: Bool.random(using: &rng) ? "audio/mpeg" : nil,
                    duration: Bool.random(using: &rng) ? number(&rng) : nil) : nil,
            link: Bool.random(using: &rng) ? "https://example.org/a/b?c=\(text(&rng))" : nil)
        return Sticker(
            id: .init(), author: StickerAuthor(id: .init(), username: text(&rng), displayName: text(&rng)),
            state: StickerState.allCases.randomElement(using: &rng)!, draft: draft, worldmapId: .init(),
            worldmapIsPrivate: Bool.random(using: &rng), cell: text(&rng), version: Int.random(in: 1...1_000_000, using: &rng),
            createdAt: Date(timeIntervalSince1970: Double.random(in: 0...4e9, using: &rng)),
            updatedAt: Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &rng))))
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        var rng = SplitMix64(seed: 49)
        for _ in 0..<2_000 {
            let s = Self.sticker(&rng)
            var w = WireJSONWriter()
            w.sticker(s)
            let expected = try WireJSON.encoder.encode(s)
            #expect(w.bytes == Array(expected), "\(String(decoding: expected, as: UTF8.self))")
            if w.bytes != Array(expected) { break }
        }
    }
}

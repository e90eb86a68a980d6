import Foundation
import Testing
import WorldLayerCore

@Suite("Ids' text")
struct TypedIDTests {
    /// Random ids and the edges of every byte: the text is Foundation's, lower-cased.
    static let ids: [UUID] =
        (0..<2_000).map { _ in UUID() } + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
        + (0..<16).map { at in
            withUnsafeBytes(of: UUID().uuid) { random in
                var bytes = Array(random)
                bytes[at] = at % 2 == 0 ? 0xFF : 0x0A
                return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
            }
        }

    @Test("an id's text is its UUID string in lower case, and reads back as the same id")
    func text() {
        for id in Self.ids {
            #expect(id.text == id.uuidString.lowercased())
            #expect(TypedID<Sticker>(id.text)?.uuid == id)
        }
    }

    @Test("ids order as their texts do")
    func order() {
        let typed = Self.ids.map(TypedID<Sticker>.init)
        #expect(typed.sorted().map(\.text) == typed.map(\.text).sorted())
        for (a, b) in zip(typed, typed.dropFirst()) { #expect((a < b) == (a.text < b.text)) }
    }
}

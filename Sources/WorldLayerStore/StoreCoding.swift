import Foundation
import SQLKit
import WorldLayerCore

extension UUID {
    /// Parses the stored text form without `sscanf` (which Foundation uses on Linux and
    /// which dominated a profile of the nearby query), over the text's bytes in place.
    init?(storedText text: String) {
        var text = text
        guard let value = text.withUTF8(Self.storedValue) else { return nil }
        self.init(uuid: value)
    }

    /// The 16 bytes of 32 hex digits among 36 bytes (the rest dashes), or nil.
    private static func storedValue(_ utf8: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard utf8.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { bytes -> Bool in
            var digits = 0
            for c in utf8 where c != UInt8(ascii: "-") {
                let v: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c &- UInt8(ascii: "a") &+ 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c &- UInt8(ascii: "A") &+ 10
                default: return false
                }
                guard digits < 32 else { return false }
                bytes[digits / 2] |= digits % 2 == 0 ? v << 4 : v
                digits += 1
            }
            return digits == 32
        }
        return complete ? value : nil
    }
}

/// JSON for bodies stored in the database, in the same shape the API serves.
extension SQLRow {
    /// A column holding an id, as the type of id it is; a malformed one is an error, never a made-up id.
    func decodeID<Entity>(column: String) throws -> TypedID<Entity> {
        let text = try decode(column: column, as: String.self)
        guard let id = TypedID<Entity>(text) else { throw StoreError.corrupt("\(column) '\(text)' is not an id") }
        return id
    }
}

enum StoreJSON {
    // Times as epoch milliseconds, like the columns: exact, and several times faster to
    // decode than ISO 8601 text (bodies are decoded on every read).
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .millisecondsSince1970
        return e
    }()

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .millisecondsSince1970
        return d
    }()

    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try decoder.decode(type, from: Data(text.utf8))
    }

    /// A stored sticker body: read directly (``StoredStickerReader``), or by `JSONDecoder` when
    /// the reader meets something it does not expect.
    static func sticker(_ body: String) throws -> Sticker {
        try StoredStickerReader.sticker(from: body) ?? decode(Sticker.self, body)
    }
}

import Foundation
import SQLKit
import WorldLayerCore

extension UUID {
    /// Parses the stored text form without `sscanf` (which Foundation uses on Linux and
    /// which dominated a profile of the nearby query).
    init?(storedText text: String) {
        guard text.utf8.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { bytes -> Bool in
            var index = 0
            var high: UInt8?
            for c in text.utf8 where c != UInt8(ascii: "-") {
                let v: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): v = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): v = c - UInt8(ascii: "A") + 10
                default: return false
                }
                if let h = high {
                    guard index < 16 else { return false }
                    bytes[index] = h << 4 | v
                    index += 1
                    high = nil
                } else {
                    high = v
                }
            }
            return index == 16 && high == nil
        }
        guard complete else { return nil }
        self.init(uuid: value)
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

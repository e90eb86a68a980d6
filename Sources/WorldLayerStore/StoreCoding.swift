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

    /// The 16 bytes of 32 hex digits in the 8-4-4-4-12 form, or nil.
    private static func storedValue(_ utf8: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard utf8.count == 36, utf8[8] == dash, utf8[13] == dash, utf8[18] == dash, utf8[23] == dash else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &value) { bytes in
            for (k, at) in byteOffsets.enumerated() {
                let high = hexValues[Int(utf8[at])], low = hexValues[Int(utf8[at + 1])]
                invalid |= high | low
                bytes[k] = high << 4 | low & 0x0F
            }
        }
        return invalid & 0xF0 == 0 ? value : nil
    }

    private static let dash = UInt8(ascii: "-")
    /// Where each byte's two digits start in the text.
    private static let byteOffsets = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]
    /// Each byte's value as a hex digit, or 0xFF.
    private static let hexValues: [UInt8] = (0..<256).map { c in
        switch c {
        case 48...57: UInt8(c - 48)
        case 97...102: UInt8(c - 87)
        case 65...70: UInt8(c - 55)
        default: 0xFF
        }
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

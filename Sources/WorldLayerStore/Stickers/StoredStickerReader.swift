import Foundation
import WorldLayerCore

/// Reads a sticker's stored body (``StoreJSON``'s output) in one pass over its bytes.
///
/// A nearby page decodes up to 50 bodies, and `JSONDecoder` took about 18 µs for each (a
/// quarter of a query's time, measured with `perf`): its generic containers cost more than the
/// parsing. This reader walks the object and fills the fields directly. It returns nil for
/// anything it does not expect (the caller then asks `JSONDecoder`, which also names the error),
/// so it can only be faster, never different: `StoredStickerReaderTests` checks it against
/// `JSONDecoder` on awkward stickers.
struct StoredStickerReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    private struct Unexpected: Error {}

    static func sticker(from body: String) -> Sticker? {
        var body = body
        return body.withUTF8 { buffer in
            var reader = StoredStickerReader(bytes: buffer)
            guard let sticker = try? reader.sticker() else { return nil }
            reader.skipSpace()
            return reader.i == buffer.count ? sticker : nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func sticker() throws -> Sticker {
        var id: UUID?, author: StickerAuthor?, state: StickerState?, templateId: String?, text: String?, tags: [String]?
        var color: String?, size: Double?, orientation: Orientation?, anchor: StickerAnchor?, pose: [Double]?
        var visibility: Visibility?, sharedWith: [String]?, sharedWithGroups: [String]?, worldmapId: UUID?
        var worldmapIsPrivate: Bool?, cell: String?, expiresAt: Date?, version: Int?, createdAt: Date?, updatedAt: Date?
        try object { r, key in
            switch key {
            case "id": id = try r.uuid()
            case "author": author = try r.author()
            case "state": state = StickerState(rawValue: try r.string())
            case "templateId": templateId = try r.string()
            case "text": text = try r.string()
            case "tags": tags = try r.strings()
            case "color": color = try r.string()
            case "size": size = try r.number()
            case "orientation":
                let q = try r.numbers()
                guard q.count == 4 else { throw Unexpected() }
                orientation = Orientation(x: q[0], y: q[1], z: q[2], w: q[3])
            case "anchor": anchor = try r.anchor()
            case "pose": pose = try r.isNull() ? nil : r.numbers()
            case "visibility": visibility = Visibility(rawValue: try r.string())
            case "sharedWith": sharedWith = try r.strings()
            case "sharedWithGroups": sharedWithGroups = try r.isNull() ? nil : r.strings()
            case "worldmapId": worldmapId = try r.uuid()
            case "worldmapIsPrivate": worldmapIsPrivate = try r.bool()
            case "cell": cell = try r.string()
            case "expiresAt": expiresAt = try r.isNull() ? nil : r.date()
            case "version": version = try r.integer()
            case "createdAt": createdAt = try r.date()
            case "updatedAt": updatedAt = try r.date()
            default: try r.skipValue()
            }
        }
        guard let id, let author, let state, let templateId, let text, let tags, let color, let size, let orientation, let anchor,
            let visibility, let sharedWith, let worldmapId, let worldmapIsPrivate, let cell, let version, let createdAt, let updatedAt
        else { throw Unexpected() }
        let draft = StickerDraft(
            templateId: templateId, text: text, tags: tags, color: color, size: size, orientation: orientation, anchor: anchor, pose: pose,
            visibility: visibility, sharedWith: sharedWith, sharedWithGroups: sharedWithGroups, expiresAt: expiresAt)
        return Sticker(
            id: id, author: author, state: state, draft: draft, worldmapId: worldmapId, worldmapIsPrivate: worldmapIsPrivate, cell: cell,
            version: version, createdAt: createdAt, updatedAt: updatedAt)
    }

    private mutating func author() throws -> StickerAuthor {
        var id: UUID?, username: String?, displayName: String?
        try object { r, key in
            switch key {
            case "id": id = try r.uuid()
            case "username": username = try r.string()
            case "displayName": displayName = try r.string()
            default: try r.skipValue()
            }
        }
        guard let id, let username, let displayName else { throw Unexpected() }
        return StickerAuthor(id: id, username: username, displayName: displayName)
    }

    private mutating func anchor() throws -> StickerAnchor {
        var latitude: Double?, longitude: Double?, altitude: Double?, accuracy: Double?
        try object { r, key in
            switch key {
            case "latitude": latitude = try r.number()
            case "longitude": longitude = try r.number()
            case "altitude": altitude = try r.number()
            case "accuracy": accuracy = try r.number()
            default: try r.skipValue()
            }
        }
        guard let latitude, let longitude, let altitude, let accuracy else { throw Unexpected() }
        return StickerAnchor(latitude: latitude, longitude: longitude, altitude: altitude, accuracy: accuracy)
    }

    // MARK: JSON values

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Consumes `c` (after any space) or throws.
    private mutating func expect(_ c: UInt8) throws {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { throw Unexpected() }
        i += 1
    }

    /// Consumes `c` if it comes next.
    private mutating func take(_ c: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1
        return true
    }

    private mutating func object(_ member: (inout StoredStickerReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    private mutating func array(_ element: (inout StoredStickerReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if take(UInt8(ascii: "]")) { return }
        repeat { try element(&self) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    private mutating func strings() throws -> [String] {
        var list: [String] = []
        try array { list.append(try $0.string()) }
        return list
    }

    private mutating func numbers() throws -> [Double] {
        var list: [Double] = []
        try array { list.append(try $0.number()) }
        return list
    }

    private mutating func isNull() throws -> Bool {
        skipSpace()
        guard bytes.count - i >= 4, bytes[i] == UInt8(ascii: "n") else { return false }
        guard bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") else { throw Unexpected() }
        i += 4
        return true
    }

    private mutating func bool() throws -> Bool {
        skipSpace()
        if bytes.count - i >= 4, Array(bytes[i..<i + 4]) == Array("true".utf8) {
            i += 4
            return true
        }
        if bytes.count - i >= 5, Array(bytes[i..<i + 5]) == Array("false".utf8) {
            i += 5
            return false
        }
        throw Unexpected()
    }

    private mutating func uuid() throws -> UUID {
        guard let id = UUID(storedText: try string()) else { throw Unexpected() }
        return id
    }

    /// Epoch milliseconds, as `JSONDecoder`'s `.millisecondsSince1970` reads them.
    private mutating func date() throws -> Date {
        Date(timeIntervalSince1970: try number() / 1000)
    }

    private mutating func integer() throws -> Int {
        skipSpace()
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        guard let value = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) else { throw Unexpected() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { throw Unexpected() }
        return value
    }

    private mutating func number() throws -> Double {
        skipSpace()
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): i += 1
            default:
                guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)), value.isFinite
                else { throw Unexpected() }
                return value
            }
        }
        throw Unexpected()
    }

    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                defer { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            case UInt8(ascii: "\\"): return try escapedString(from: start)
            case 0..<0x20: throw Unexpected()
            default: i += 1
            }
        }
        throw Unexpected()
    }

    /// The slow path of ``string()``, from the string's first byte, once a backslash is seen.
    private mutating func escapedString(from start: Int) throws -> String {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw Unexpected() }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {  // a surrogate pair
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw Unexpected() }
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Unexpected() }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw Unexpected() }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw Unexpected()
                }
            case 0..<0x20: throw Unexpected()
            default: out.append(c)
            }
        }
        throw Unexpected()
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4 else { throw Unexpected() }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = v << 4 | UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = v << 4 | UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = v << 4 | UInt32(c - UInt8(ascii: "A") + 10)
            default: throw Unexpected()
            }
        }
        return v
    }

    /// Steps over a value of any kind (a field this reader does not know).
    private mutating func skipValue() throws {
        skipSpace()
        guard i < bytes.count else { throw Unexpected() }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object { r, _ in try r.skipValue() }
        case UInt8(ascii: "["): try array { try $0.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard try isNull() else { throw Unexpected() }
        default: _ = try number()
        }
    }
}

import Foundation

/// A forward-only reader of JSON text, for the bodies this store writes (``StoreJSON``):
/// the caller knows the shape and asks for each value in turn, so nothing is built that is
/// not wanted. Any surprise throws ``Unexpected``.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    struct Unexpected: Error {}

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// True when only white space is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return i == bytes.count
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// Consumes `c` (after any space) or throws.
    mutating func expect(_ c: UInt8) throws {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { throw Unexpected() }
        i += 1
    }

    /// Consumes `c` if it comes next.
    mutating func take(_ c: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1
        return true
    }

    /// A member's name, as the bytes between its quotes: matched against literals in a `switch`
    /// without building a `String` (keys with escapes match nothing and are skipped).
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            pattern.utf8CodeUnitCount == key.bytes.count && memcmp(pattern.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0
        }
    }

    /// Reads an object, handing each member's key to `member`, which must consume the value.
    mutating func object(_ member: (inout JSONScanner, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        repeat {
            try expect(UInt8(ascii: "\""))
            let start = i
            try skipString(opened: true)
            let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<i - 1]))
            guard !key.bytes.contains(UInt8(ascii: "\\")) else { throw Unexpected() }  // StoreJSON never escapes a key
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    mutating func array(_ element: (inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if take(UInt8(ascii: "]")) { return }
        repeat { try element(&self) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func strings() throws -> [String] {
        var list: [String] = []
        try array { list.append(try $0.string()) }
        return list
    }

    mutating func numbers() throws -> [Double] {
        var list: [Double] = []
        try array { list.append(try $0.number()) }
        return list
    }

    mutating func isNull() throws -> Bool { try literal("null") }

    mutating func bool() throws -> Bool {
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw Unexpected()
    }

    /// Consumes `word` (`true`, `false`, `null`) if it comes next.
    private mutating func literal(_ word: StaticString) throws -> Bool {
        skipSpace()
        let n = word.utf8CodeUnitCount
        guard bytes.count - i >= n else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    mutating func uuid() throws -> UUID {
        guard let id = UUID(storedText: try string()) else { throw Unexpected() }
        return id
    }

    /// Epoch milliseconds, as `JSONDecoder`'s `.millisecondsSince1970` reads them.
    mutating func date() throws -> Date {
        Date(timeIntervalSince1970: try number() / 1000)
    }

    mutating func integer() throws -> Int {
        skipSpace()
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        guard let value = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) else { throw Unexpected() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            throw Unexpected()
        }
        return value
    }

    mutating func number() throws -> Double {
        skipSpace()
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
                UInt8(ascii: "E"):
                i += 1
            default:
                let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
                if let value = Self.shortDecimal(text) { return value }
                guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { throw Unexpected() }
                return value
            }
        }
        throw Unexpected()
    }

    /// Powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { x, _ in x * 10 } }

    /// A plain decimal of at most 15 digits (`-12.345`, no exponent), without `strtod`: its digits
    /// as an integer and the power of ten are both exact doubles, so one division rounds correctly
    /// (Clinger's fast path). Nil for anything else, which the full parser takes.
    private static func shortDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var k = 0
        let negative = k < text.count && text[k] == UInt8(ascii: "-")
        if negative { k += 1 }
        var digits: Int64 = 0, count = 0, fraction = -1
        while k < text.count {
            let c = text[k]
            k += 1
            if c == UInt8(ascii: "."), fraction < 0, count > 0 {
                fraction = 0
                continue
            }
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), count < 15 else { return nil }
            digits = digits * 10 + Int64(c - UInt8(ascii: "0"))
            count += 1
            if fraction >= 0 { fraction += 1 }
        }
        guard count > 0, fraction != 0 else { return nil }
        let value = Double(digits) / exactPowersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }

    mutating func string() throws -> String {
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

    /// Steps over a string without building it.
    mutating func skipString(opened: Bool = false) throws {
        if !opened { try expect(UInt8(ascii: "\"")) }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return
            case UInt8(ascii: "\\"): i += 2
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
                        guard bytes.count - i >= 2, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw Unexpected()
                        }
                        i += 2
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
    mutating func skipValue() throws {
        skipSpace()
        guard i < bytes.count else { throw Unexpected() }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object { r, _ in try r.skipValue() }
        case UInt8(ascii: "["): try array { try $0.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard try isNull() else { throw Unexpected() }
        default: _ = try number()
        }
    }
}

import Foundation

/// Writes the wire's JSON (``WireJSON``: sorted keys, slashes unescaped) by hand, byte for byte what
/// `JSONEncoder` writes, for the answers sent most often: a route (`RouteJSON`) and a nearby page of
/// stickers (``WireJSONWriter/sticker(_:)``). `JSONEncoder` builds a tree of boxed values and sorts
/// each object's keys on every call: on a nearby page of 50 stickers it took half of the server's CPU
/// (`perf`, 2026-12-07). Keys are written in the order given, which callers keep sorted; tests check
/// each writer against `JSONEncoder`.
public struct WireJSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var first = true

    public init(capacity: Int = 16_384) { bytes.reserveCapacity(capacity) }

    public mutating func object(_ body: (inout WireJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        first = true
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    public mutating func array<S: Sequence>(_ items: S, _ each: (inout WireJSONWriter, S.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var firstItem = true
        for item in items {
            if !firstItem { bytes.append(UInt8(ascii: ",")) }
            firstItem = false
            first = true
            each(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// A key: a literal, plain ASCII, so it is copied without escaping.
    public mutating func key(_ name: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    public mutating func key(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    public mutating func key(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func key(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    public mutating func key(_ name: StaticString, _ value: Bool) {
        key(name)
        let word: StaticString = value ? "true" : "false"
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A time as ``WireJSON`` writes one.
    public mutating func key(_ name: StaticString, _ value: Date) {
        key(name, WireJSON.time(value))
    }

    /// As `JSONEncoder` writes a Double: its shortest form, without a trailing ".0".
    public mutating func number(_ value: Double) {
        let text = value.description.utf8  // up to 15 bytes, as most coordinates are, it stays off the heap
        if text.count >= 2, text.last == UInt8(ascii: "0"), text[text.index(text.endIndex, offsetBy: -2)] == UInt8(ascii: ".") {
            bytes.append(contentsOf: text.dropLast(2))
        } else {
            bytes.append(contentsOf: text)
        }
    }

    public mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Quotes, backslashes and control characters escaped; everything else as UTF-8.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

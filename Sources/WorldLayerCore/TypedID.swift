import Foundation

extension UUID {
    /// The lower-case text form every id is written in: the API's JSON, the store's columns, logs.
    /// Written byte by byte: Foundation's `uuidString` formats through `snprintf`, and lowercasing
    /// copies it again, which was an eighth of a nearby search's time (a page names ~100 ids).
    public var text: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    out[at] = Self.hexDigit(byte >> 4)
                    out[at + 1] = Self.hexDigit(byte & 0x0F)
                    at += 2
                }
                return at
            }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }

    /// Whether this id's text sorts before `other`'s: lower-case hex keeps the bytes' order.
    public func textPrecedes(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { a in withUnsafeBytes(of: other.uuid) { b in a.lexicographicallyPrecedes(b) } }
    }
}

/// An id that says what it names: a sticker's id cannot be passed where an account's is meant.
/// On the wire and in the store it is the UUID's lower-case text, exactly as a bare UUID was;
/// reading accepts either case.
public struct TypedID<Entity>: Hashable, Sendable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    public let uuid: UUID

    public init(_ uuid: UUID) { self.uuid = uuid }

    /// A new, random id.
    public init() { uuid = UUID() }

    /// Parses the text form (either case); nil for anything else.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// The lower-case text form, as stored and sent.
    public var text: String { uuid.text }
    public var description: String { text }

    /// Ordered as their text forms are, which is how the store orders ties.
    public static func < (a: Self, b: Self) -> Bool { a.uuid.textPrecedes(b.uuid) }

    public init(from decoder: any Decoder) throws { uuid = try UUID(from: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

import Foundation

extension UUID {
    /// The lower-case text form every id is written in: the API's JSON, the store's columns, logs.
    public var text: String { uuidString.lowercased() }
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
    public static func < (a: Self, b: Self) -> Bool { a.text < b.text }

    public init(from decoder: any Decoder) throws { uuid = try UUID(from: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

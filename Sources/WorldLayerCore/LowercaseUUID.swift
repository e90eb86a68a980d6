import Foundation

extension UUID {
    /// The lower-case text form every id is written in: the API's JSON, the store's columns, logs.
    public var text: String { uuidString.lowercased() }
}

/// A UUID that is written in JSON as lower-case text, the one form the API and the
/// store use for every id (Foundation writes upper case). Reading accepts either case.
@propertyWrapper
public struct LowercaseUUID: Sendable, Hashable, Codable {
    public var wrappedValue: UUID

    public init(wrappedValue: UUID) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws { wrappedValue = try UUID(from: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wrappedValue.text)
    }
}

/// An optional ``LowercaseUUID``: absent from JSON when nil.
@propertyWrapper
public struct LowercaseOptionalUUID: Sendable, Hashable, Codable {
    public var wrappedValue: UUID?

    public init(wrappedValue: UUID?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        if let value = wrappedValue { try c.encode(value.text) } else { try c.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    public func decode(_ type: LowercaseOptionalUUID.Type, forKey key: Key) throws -> LowercaseOptionalUUID {
        LowercaseOptionalUUID(wrappedValue: try decodeIfPresent(UUID.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    public mutating func encode(_ value: LowercaseOptionalUUID, forKey key: Key) throws {
        if let id = value.wrappedValue { try encode(id.text, forKey: key) }
    }
}

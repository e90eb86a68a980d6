/// Errors the store reports to its callers; none carries SQL or driver detail.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case invalidURL
        case conflict
        case notFound
        case unavailable
        case corrupt
    }

    let kind: Kind
    public let description: String
    /// The request field at fault, when there is one (for example `username`).
    public var field: String? = nil

    /// The database URL could not be understood.
    public static func invalidURL(_ message: String) -> StoreError { StoreError(kind: .invalidURL, description: message) }
    /// A unique value (username, email, id) is already taken.
    public static func conflict(_ message: String, field: String? = nil) -> StoreError {
        StoreError(kind: .conflict, description: message, field: field)
    }
    /// The row asked for does not exist.
    public static func notFound(_ message: String) -> StoreError { StoreError(kind: .notFound, description: message) }
    /// The database could not be reached.
    public static func unavailable(_ message: String) -> StoreError { StoreError(kind: .unavailable, description: message) }
    /// A stored value is not what its column holds (a server error, logged, never shown).
    static func corrupt(_ message: String) -> StoreError { StoreError(kind: .corrupt, description: message) }

    public var isConflict: Bool { kind == .conflict }
    public var isNotFound: Bool { kind == .notFound }
    public var isInvalidURL: Bool { kind == .invalidURL }
}

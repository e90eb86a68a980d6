/// A problem with one field of a request, reported to the client by name.
public struct FieldError: Sendable, Hashable, Codable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

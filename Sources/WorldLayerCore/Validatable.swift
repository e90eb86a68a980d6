/// Something a client sends that the rules can check on its own: every problem at once, by field
/// path (`stops[2].radius`), so a form can show them all.
public protocol Validatable {
    func problems() -> [FieldError]
}

extension Validatable {
    /// Itself when it has no problems; otherwise throws them all.
    public func validated() throws(FieldErrors) -> Self {
        let problems = problems()
        guard problems.isEmpty else { throw FieldErrors(problems) }
        return self
    }
}

/// Several field problems at once: the one validation failure, which the API answers with 422.
public struct FieldErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var errors: [FieldError]
    public init(_ errors: [FieldError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "; ") }
}

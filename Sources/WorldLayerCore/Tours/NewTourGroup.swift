import Foundation

/// A guide's request for a new group of a guided tour: its name, how many passkeys to print, and
/// how long they work.
public struct NewTourGroup: Sendable, Decodable {
    public var name: String
    public var passkeys: Int
    /// How long the passkeys work, hours (default 12).
    public var validForHours: Double?

    public init(name: String, passkeys: Int, validForHours: Double? = nil) {
        (self.name, self.passkeys, self.validForHours) = (name, passkeys, validForHours)
    }

    public static let passkeysRange = 1...500
    public static let longestHours = 24.0 * 30

    /// The name as kept (trimmed).
    public var trimmedName: String { name.trimmingCharacters(in: .whitespaces) }
    public var hours: Double { validForHours ?? 12 }

    public var problems: [FieldError] {
        var problems: [FieldError] = []
        if trimmedName.isEmpty || trimmedName.count > 100 { problems.append(FieldError("name", "must be 1–100 characters")) }
        if !Self.passkeysRange.contains(passkeys) { problems.append(FieldError("passkeys", "must be 1 to 500")) }
        if !(hours.isFinite && hours > 0 && hours <= Self.longestHours) {
            problems.append(FieldError("validForHours", "must be more than 0 and at most 720"))
        }
        return problems
    }
}

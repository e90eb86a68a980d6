import Foundation

/// The rules every account field must meet, shared by the API and the CLI.
public enum AccountRules {
    public static let usernameLength = 3...30
    public static let displayNameLength = 1...50
    /// bcrypt reads at most 72 bytes; a longer password would be silently truncated.
    public static let passwordBytes = 8...72
    public static let emailMaximumLength = 254
    /// Minimum age to hold an account (COPPA and GDPR-K).
    public static let minimumAge = 13

    /// The case-folded form that makes usernames and emails unique ignoring case.
    public static func key(_ value: String) -> String {
        value.precomposedStringWithCanonicalMapping.lowercased()
    }

    public static func validateUsername(_ username: String) -> FieldError? {
        guard usernameLength.contains(username.count) else {
            return FieldError("username", "must be \(usernameLength.lowerBound) to \(usernameLength.upperBound) characters")
        }
        let allowed = username.unicodeScalars.allSatisfy { s in
            (s.value < 128) && (CharacterSet.alphanumerics.contains(s) || s == "_" || s == ".")
        }
        guard allowed else { return FieldError("username", "may contain only letters a–z, digits, '_' and '.'") }
        guard let first = username.unicodeScalars.first, CharacterSet.alphanumerics.contains(first) else {
            return FieldError("username", "must start with a letter or digit")
        }
        return nil
    }

    public static func validateEmail(_ email: String) -> FieldError? {
        guard email.count <= emailMaximumLength else { return FieldError("email", "must be at most \(emailMaximumLength) characters") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            !email.contains(where: { $0.isWhitespace }),
            // A control character (ESC, BEL) has no place in an address and could drive the terminal of whoever lists it.
            !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return FieldError("email", "must be an email address like name@example.org") }
        return nil
    }

    public static func validatePassword(_ password: String, field: String = "password") -> FieldError? {
        guard passwordBytes.contains(password.utf8.count) else {
            return FieldError(field, "must be \(passwordBytes.lowerBound) to \(passwordBytes.upperBound) bytes long")
        }
        return nil
    }

    public static func validateDisplayName(_ name: String) -> FieldError? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard displayNameLength.contains(trimmed.count) else {
            return FieldError("displayName", "must be \(displayNameLength.lowerBound) to \(displayNameLength.upperBound) characters")
        }
        guard !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            return FieldError("displayName", "must not contain control characters")
        }
        return nil
    }

    /// Checks a `YYYY-MM-DD` birthday: a real date, not in the future, old enough.
    public static func validateBirthday(_ birthday: String, today: Date = Date()) -> FieldError? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = birthday.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            let date = calendar.date(from: DateComponents(year: y, month: m, day: d)),
            calendar.component(.month, from: date) == m, calendar.component(.day, from: date) == d, y >= 1900
        else { return FieldError("birthday", "must be a date written YYYY-MM-DD") }
        guard date <= today else { return FieldError("birthday", "must not be in the future") }
        let age = calendar.dateComponents([.year], from: date, to: today).year ?? 0
        guard age >= minimumAge else { return FieldError("birthday", "you must be at least \(minimumAge) years old") }
        return nil
    }
}

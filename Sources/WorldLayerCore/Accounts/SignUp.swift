import Foundation

/// The fields a person gives to create an account.
public struct SignUp: Sendable, Codable {
    public var username: String
    public var email: String
    public var password: String
    public var displayName: String
    public var birthday: String
    /// The language the account's e-mails are written in; nil is English.
    public var language: Language?

    public init(username: String, email: String, password: String, displayName: String, birthday: String, language: Language? = nil) {
        self.username = username
        self.email = email
        self.password = password
        self.displayName = displayName
        self.birthday = birthday
        self.language = language
    }

    /// Every field problem at once, so a form can show them all.
    public func problems(today: Date) -> [FieldError] {
        [
            AccountRules.validateUsername(username),
            AccountRules.validateEmail(email),
            AccountRules.validatePassword(password),
            AccountRules.validateDisplayName(displayName),
            AccountRules.validateBirthday(birthday, today: today),
        ].compactMap { $0 }
    }
}

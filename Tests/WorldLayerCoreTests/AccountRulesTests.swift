import Foundation
import Testing
import WorldLayerCore

@Suite("Account field rules")
struct AccountRulesTests {
    let today = ISO8601DateFormatter().date(from: "2026-06-15T12:00:00Z")!

    @Test("valid usernames", arguments: ["ada", "Ada_Lovelace", "user.name", "a1b", String(repeating: "x", count: 30)])
    func goodUsernames(_ name: String) {
        #expect(AccountRules.validateUsername(name) == nil)
    }

    @Test("invalid usernames", arguments: ["ab", "_ada", ".ada", "ada lovelace", "adä", "ada!", String(repeating: "x", count: 31), ""])
    func badUsernames(_ name: String) {
        #expect(AccountRules.validateUsername(name)?.field == "username")
    }

    @Test(
        "emails",
        arguments: [
            ("a@b.org", true), ("first.last@sub.example.co.uk", true), ("no-at.org", false), ("a@b", false), ("a b@c.org", false),
            ("@c.org", false), ("a@.org", false),
        ])
    func emails(_ email: String, _ valid: Bool) {
        #expect((AccountRules.validateEmail(email) == nil) == valid)
    }

    @Test("passwords are 8 to 72 bytes, counted in UTF-8 as bcrypt reads them")
    func passwords() {
        #expect(AccountRules.validatePassword("12345678") == nil)
        #expect(AccountRules.validatePassword("1234567") != nil)
        #expect(AccountRules.validatePassword(String(repeating: "a", count: 72)) == nil)
        #expect(AccountRules.validatePassword(String(repeating: "é", count: 37)) != nil)  // 74 bytes
    }

    @Test(
        "birthdays: real dates, not in the future, at least 13 years ago",
        arguments: [
            ("2000-02-29", true), ("2013-06-15", true), ("2013-06-16", false), ("2001-02-29", false), ("1990-13-01", false),
            ("1990-1-1", false), ("2030-01-01", false), ("1899-12-31", false), ("yesterday", false),
        ])
    func birthdays(_ text: String, _ valid: Bool) {
        #expect((AccountRules.validateBirthday(text, today: today) == nil) == valid, "\(text)")
    }

    @Test("keys fold case and Unicode composition, so lookups ignore both")
    func keys() {
        #expect(AccountRules.key("Ada@Example.ORG") == "ada@example.org")
        #expect(AccountRules.key("Cafe\u{301}") == AccountRules.key("café"))
    }

    @Test("sign-up reports every problem at once")
    func allProblems() {
        let problems = SignUp(username: "x", email: "y", password: "z", displayName: " ", birthday: "no").problems(today: today)
        #expect(Set(problems.map(\.field)) == ["username", "email", "password", "displayName", "birthday"])
    }
}

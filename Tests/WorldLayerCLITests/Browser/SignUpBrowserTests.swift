import Foundation
import Testing
import WorldLayerTestSupport

/// Issue 51: sign-up mistakes are said at each field, in words, not as one line of field keys.
@Suite("Signing up in the browser")
struct SignUpBrowserTests {
    @Test(
        "each refused field says why under itself, is marked aria-invalid and described by it, and the first takes the focus",
        arguments: Browser.Engine.allCases)
    func fieldErrors(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        // The refusal is logged by Chromium as a failed request; nothing else may be.
        try await Browser.using(engine, allowing: ["/v1/accounts - Failed to load resource"]) { browser in
            try await browser.open(server.base + "/#/me")
            try await browser.type("#signup-username", "Not Allowed!")
            try await browser.type("#signup-displayName", "Tester")
            try await browser.type("#signup-email", "tester@example.org")
            // Too young: a birthday this year.
            let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
            _ = try await browser.run("document.querySelector('#signup-birthday').value = arguments[0]", ["\(thisYear)-01-01"])
            try await browser.type("#signup-password", "correct horse")
            try await browser.click("#signup-form button[type=submit]")

            let username = try await browser.waitOnScreen("#signup-username-error")
            #expect(username.hasPrefix("May contain only"), "\(username)")
            let birthday = try await browser.waitOnScreen("#signup-birthday-error")
            #expect(birthday.contains("at least"), "\(birthday)")
            let marked =
                try await browser.run(
                    """
                    return ['username', 'birthday', 'email'].map((f) => {
                      const input = document.querySelector('#signup-' + f);
                      return `${f}:${input.getAttribute('aria-invalid')}:${input.getAttribute('aria-describedby')}`;
                    }).join(' ') + ' focus:' + document.activeElement.id
                    """) as? String
            #expect(
                marked
                    == "username:true:signup-username-error birthday:true:signup-birthday-error email:null:null focus:signup-username")
            #expect(try await browser.waitOnScreen("#signup-form .error[role=alert]") == "Check the marked fields.")

            // Put right, the marks go and the account is made.
            _ = try await browser.run("document.querySelector('#signup-username').value = ''")
            try await browser.type("#signup-username", "fieldfixer")
            _ = try await browser.run("document.querySelector('#signup-birthday').value = '1990-04-05'")
            try await browser.click("#signup-form button[type=submit]")
            _ = try await browser.waitFor("signed in", "return document.querySelector('#signup-form') === null || null")
        }
    }

    @Test(
        "in Finnish, a refused field says why in Finnish and the account's e-mails are Finnish; Swedish chosen later, they are Swedish",
        arguments: Browser.Engine.allCases)
    func inTheLanguageShown(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine, allowing: ["/v1/accounts - Failed to load resource"]) { browser in
            try await browser.open(server.base + "/#/settings")
            try await Self.choose("fi", browser)
            try await browser.open(server.base + "/#/me")
            try await browser.type("#signup-username", "Ei Käy!")
            try await browser.type("#signup-displayName", "Aino")
            try await browser.type("#signup-email", "aino@example.org")
            _ = try await browser.run("document.querySelector('#signup-birthday').value = '1990-04-05'")
            try await browser.type("#signup-password", "correct horse")
            try await browser.click("#signup-form button[type=submit]")
            let username = try await browser.waitOnScreen("#signup-username-error")
            #expect(username == "Saa sisältää vain kirjaimia a–z, numeroita, '_' ja '.'", "\(username)")

            _ = try await browser.run("document.querySelector('#signup-username').value = ''")
            try await browser.type("#signup-username", "aino")
            try await browser.click("#signup-form button[type=submit]")
            _ = try await browser.waitFor("signed in", "return document.querySelector('#signup-form') === null || null")
            let token = try #require(try await browser.run("return localStorage.getItem('worldlayer.token')") as? String)
            #expect(try await server.request("GET", "/v1/me/settings", token: token).json["language"] as? String == "fi")

            try await browser.open(server.base + "/#/settings")
            #expect(try await browser.waitOnScreen("#language-mails") == "Myös WorldLayerin sähköpostit tulevat tällä kielellä.")
            try await Self.choose("sv", browser)
            // Said once the server has it too.
            #expect(try await browser.waitOnScreen("#status") == "Sparat på den här telefonen.")
            var language: String? = nil
            for _ in 0..<50 where language != "sv" {
                language = try await server.request("GET", "/v1/me/settings", token: token).json["language"] as? String
                if language != "sv" { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(language == "sv")
            #expect(
                try await browser.waitOnScreen("#language-mails")
                    == "Dina e-postmeddelanden från WorldLayer kommer också på det här språket.")
            let errors = try await browser.consoleErrors().filter { !$0.contains("/v1/accounts - Failed to load resource") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    static func choose(_ language: String, _ browser: Browser) async throws {
        _ = try await browser.element("#setting-language")
        _ = try await browser.run(
            "const s = document.querySelector('#setting-language'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))",
            [language])
        _ = try await browser.waitFor(
            "the page in that language", "return document.documentElement.lang === arguments[0] || null", [language])
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// A person who forgot their password gets a link by email and chooses a new one by taps; the link
/// mailed at sign-up confirms the address.
@Suite("Lost password and confirmed email in Chromium and WebKit", .serialized)
struct PasswordResetBrowserTests {
    @Test(
        "forgot password: asked for by taps, the mailed link opens a page to choose a new one, which then logs in; the sign-up link confirms the address",
        arguments: Browser.Engine.allCases)
    func resetByMail(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let mail = MailFolder(url: server.mailFolder)
        let name = "forgetful\(engine.rawValue)", address = "forgetful\(engine.rawValue)@example.org"
        _ = try await server.signUpAndLogIn(name)
        let welcome = try #require(try await mail.waitForMessages(to: address, subject: "Confirm").first)
        let verifyToken = try #require(welcome.token(after: "#/verify/"))

        try await Browser.using(engine, allowing: ["/v1/sessions"]) { browser in
            try await browser.open(server.base + "/#/me")
            try await browser.click("#forgot-link")
            try await browser.type("#forgot-login", name)
            try await browser.click("#forgot-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#forgot-sent").contains("on its way"))

            let link = try #require(try await mail.waitForMessages(to: address, subject: "new WorldLayer password").first)
            let token = try #require(link.token(after: "#/reset/"))
            try await browser.open(server.base + "/#/reset/\(token)")
            try await browser.type("#reset-password", "a fresh start")
            try await browser.click("#reset-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#reset-done").contains("Your password is changed"))
            try await browser.click("#reset-login")
            try await browser.type("#login-login", name)
            try await browser.type("#login-password", "a fresh start")
            try await browser.click("#login-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#hello").contains("@\(name)"))
            #expect(try await browser.waitOnScreen("#verify-pending").contains(address))

            try await browser.open(server.base + "/#/verify/\(verifyToken)")
            let confirmed = try await browser.waitOnScreen("#verify-result")
            #expect(confirmed.contains("\(address) is confirmed"), "\(confirmed)")
            try await BrowserTests.screenshot(browser, "email-confirmed")
        }
    }
}

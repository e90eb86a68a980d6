import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// A moderator suspends an account from their screen; the person, signed out at once, is told on
/// signing in until when and why.
@Suite("Suspensions in Chromium and WebKit", .serialized)
struct SuspensionBrowserTests {
    @Test(
        "a moderator suspends an account for a week with a reason; its person is signed out and, signing in, reads until when and why",
        arguments: Browser.Engine.allCases)
    func suspendFromTheScreen(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let name = "wallspammer\(engine.rawValue)"
        let spammer = try await server.signUpAndLogIn(name)
        let moderator = try await server.signUpAndLogIn("modsusan\(engine.rawValue)")
        #expect(
            try CLI.run(["user", "role", "modsusan\(engine.rawValue)", "moderator", "--database", BrowserTests.worlds[engine]!]).status == 0
        )

        try await Browser.using(engine, allowing: ["/v1/sessions", "/v1/me"]) { browser in  // the refusals the test provokes
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [moderator])
            try await browser.open(server.base + "/#/moderation")
            try await browser.element("#suspend-title")  // below the queue: typing scrolls to its fields
            try await browser.type("#suspend-username", name)
            _ = try await browser.run("document.querySelector('#suspend-days').value = '7'; return null")
            try await browser.type("#suspend-reason", "Ads for watches on every wall")
            try await browser.click("#suspend-form button[type=submit]")
            let listed = try await browser.waitOnScreen("#suspended li[data-username='\(name)']")
            #expect(listed.contains("@\(name)") && listed.contains("Ads for watches on every wall"), "\(listed)")

            // The person's phone: the session has ended; signing in says why, in words.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [spammer])
            try await browser.open(server.base + "/#/me")
            try await browser.element("#login-form")  // below the sign-up form: typing scrolls to it
            try await browser.type("#login-login", name)
            try await browser.type("#login-password", Fixtures.password)
            try await browser.click("#login-form button[type=submit]")
            let said = try await browser.waitOnScreen("#login-form .error")
            #expect(said.contains("suspended") && said.contains("Ads for watches on every wall"), "\(said)")
            try await BrowserTests.screenshot(browser, "suspended")
        }
        #expect(try await server.request("GET", "/v1/me", token: spammer).status == 401)
    }
}

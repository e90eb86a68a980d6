import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// The seeds' About, How-to and Support screens: help reachable from Me, and feedback that reaches an admin.
@Suite("Help and feedback in Chromium and WebKit", .serialized)
struct HelpBrowserTests {
    @Test(
        "help from Me: about, how-to, the first-open cards again; feedback sent signed out reaches the admin's screen as text and is marked done",
        arguments: Browser.Engine.allCases)
    func helpAndFeedback(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let admin = try await server.signUpAndLogIn("adminada")
        #expect(try CLI.run(["user", "role", "adminada", "admin", "--database", BrowserTests.worlds[engine]!]).status == 0)
        let marker = UUID().text.prefix(8)
        let words = "The <b>map</b> stays grey on my tablet \(marker)"

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-help")
            #expect(try await browser.waitOnScreen("#help-about-title") == "About WorldLayer")
            try await browser.click("#help-howto details[data-topic=route] summary")
            #expect(try await browser.waitOnScreen("#help-howto details[data-topic=route] p").contains("Route here"))
            #expect(try await browser.element("#help-welcome") != "")

            _ = try await browser.run("document.querySelector('#feedback-topic').value = 'problem'")
            try await browser.type("#feedback-message", words)
            try await browser.type("#feedback-email", "visitor@example.org")
            try await BrowserTests.screenshot(browser, "help-feedback")
            try await browser.click("#feedback-form button[type=submit]")
            let thanks = try await browser.waitOnScreen("#feedback-done")
            #expect(thanks.contains("has arrived") && thanks.contains("An answer will go to visitor@example.org"), "\(thanks)")

            // The first-open cards, again, from Help.
            try await browser.click("#help-welcome")
            try await browser.waitOnScreen("#intro-title")

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [admin])
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-moderation")
            let id = try #require(
                try await browser.waitFor(
                    "the message in the admin's inbox",
                    "return [...document.querySelectorAll('#mod-feedback li')].find((li) => li.textContent.includes(arguments[0]))?.dataset.feedback",
                    [String(marker)]) as? String)
            let card = "#mod-feedback li[data-feedback='\(id)']"
            try await browser.click("\(card) .feedback-text")
            #expect(try await browser.waitOnScreen("\(card) .feedback-text") == words, "the words as text, not HTML")
            let about = try await browser.text(card)
            #expect(about.contains("Something does not work") && about.contains("signed out") && about.contains("#/me"), "\(about)")
            #expect(about.contains("visitor@example.org"))
            try await BrowserTests.screenshot(browser, "feedback-inbox")
            try await browser.click("\(card) .feedback-done")
            #expect(try await browser.waitOnScreen("\(card) .mod-done") == "Marked done.")
        }
        let all = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/feedback?all=true", token: admin).text)
        let stored = (all["feedback"] as? [[String: Any]])?.first { ($0["message"] as? String) == words }
        #expect(stored?["status"] as? String == "done" && stored?["email"] as? String == "visitor@example.org")
        #expect(stored?["username"] == nil, "sent signed out")
    }
}

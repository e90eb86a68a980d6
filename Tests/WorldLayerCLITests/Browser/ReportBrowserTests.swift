import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' reporting, as a person does it: from the sticker's sheet, a reason, and later what
/// the moderators made of it.
@Suite("Reporting a sticker in Chromium and WebKit", .serialized)
struct ReportBrowserTests {
    @Test(
        "report a sticker with a reason from its sheet; Me › My reports shows what the moderator decided, with their note",
        arguments: Browser.Engine.allCases)
    func reportAndOutcome(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let poster = try await server.signUpAndLogIn("watchseller")
        let reporter = try await server.signUpAndLogIn("reporter")
        let moderator = try await server.signUpAndLogIn("moderator")
        let db = BrowserTests.worlds[engine]!
        #expect(try CLI.run(["user", "role", "moderator", "moderator", "--database", db]).status == 0)
        let id = UUID().text
        let text = "Cheap watches <b>here</b>"
        let sticker =
            ##"{"templateId":"sticky-note","text":"Cheap watches <b>here</b>","tags":[],"color":"#ffd60a","size":0.5,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(id)", json: sticker, token: poster).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(id)/place", token: poster).status == 200)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1702, 24.9390, accuracy: 10, origin: server.base)
            // Signed out, the sheet says what reporting needs.
            try await browser.open(server.base + "/#/map/sticker/\(id)")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == text)  // the text as text, not HTML
            try await browser.click("#report-sticker")
            #expect(try await browser.waitOnScreen("#report-done") == "Log in to report a sticker.")

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [reporter])
            try await browser.open(server.base + "/#/me")
            try await browser.waitOnScreen("#hello")
            try await browser.open(server.base + "/#/map/sticker/\(id)")
            try await browser.waitOnScreen("#sticker-sheet h3")
            // Share: the phone's share sheet where there is one; here the link is copied, or shown.
            try await browser.click("#share-sticker")
            let shared =
                try await browser.waitFor(
                    "the share's answer", "return document.querySelector('#status').textContent || null") as? String ?? ""
            #expect(shared == "Link copied." || shared == "Link: \(server.base)/s/\(id)", "\(shared)")
            let page = try await server.request("GET", "/s/\(id)")
            #expect(
                page.status == 200 && page.text.contains("Cheap watches &lt;b&gt;here&lt;/b&gt;"), "the share page shows the text as text")

            try await browser.click("#report-sticker")
            try await browser.waitOnScreen("#report-form")
            try await browser.click("#report-form input[value=spam]")
            try await browser.type("#report-more", "Third one on this street")
            try await BrowserTests.screenshot(browser, "report")
            try await browser.click("#report-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#report-done").contains("a moderator will look at it"))

            let queue = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/moderation/queue", token: moderator).text)
            // The shared demo world may hold other tests' reports: this one is found by its sticker.
            let report = try #require(
                (queue["reports"] as? [[String: Any]])?.compactMap { $0["report"] as? [String: Any] }.first {
                    $0["stickerId"] as? String == id
                })
            #expect(report["reason"] as? String == "Spam or advertising: Third one on this street")
            let reportID = try #require(report["id"] as? String)
            #expect(
                try await server.request(
                    "POST", "/v1/moderation/reports/\(reportID)/hide", json: #"{"note":"Advertising is not allowed."}"#, token: moderator
                ).status == 200)

            try await browser.open(server.base + "/#/me")
            _ = try await browser.element("#my-reports li")
            _ = try await browser.run("document.querySelector('#my-reports').scrollIntoView()")  // as a person scrolls down
            let outcome = try await browser.waitOnScreen("#my-reports li")
            #expect(outcome.contains("Spam or advertising: Third one on this street"), "\(outcome)")
            #expect(outcome.contains("Hidden by a moderator") && outcome.contains("Advertising is not allowed."), "\(outcome)")
            try await BrowserTests.screenshot(browser, "my-reports")
        }
    }
}

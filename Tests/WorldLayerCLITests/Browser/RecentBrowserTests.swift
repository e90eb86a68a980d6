import Foundation
import Testing

/// NavSB's search history: the places and routes I had lately, offered by the empty search box.
@Suite("Recent places and routes in Chromium and WebKit", .serialized)
struct RecentBrowserTests {
    @Test(
        "a place opened and a route taken come back under Recent when the search box is empty; a tap routes again; logging out forgets them",
        arguments: Browser.Engine.allCases)
    func recentPlacesAndRoutes(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("wanderer")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.open(server.base + "/#/map")
            try await browser.type("#place-search", "tuomiokirkko")
            try await browser.click(".place-result")
            let name = try await browser.waitOnScreen("#place-sheet h3")
            try await browser.click("#route-here")
            try await browser.waitOnScreen("#route-summary")

            // Another visit: the empty search box offers both.
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/map")
            try await browser.click("#place-search")
            #expect(try await browser.waitOnScreen("#place-results .recent-place") == name)
            #expect(try await browser.waitOnScreen("#place-results .recent-route") == "Route to \(name)")
            try await BrowserTests.screenshot(browser, "map-recent")
            try await browser.click("#place-results .recent-route")
            #expect(try await browser.waitOnScreen("#route-summary").contains("min on foot"))

            // Logged out, nothing is left for the next person on this phone.
            try await browser.open(server.base + "/#/me")
            try await browser.click("#logout")
            _ = try await browser.waitFor("logged out", "return !!document.querySelector('#login-form')")
            try await browser.open(server.base + "/#/map")
            try await browser.click("#place-search")
            _ = try await browser.element("#place-search")
            #expect(try await browser.run("return document.querySelectorAll('#place-results li').length") as? Int == 0)
        }
    }
}

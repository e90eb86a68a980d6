import Foundation
import Testing
import WorldLayerTestSupport

/// A person who said no to location access is told what it means, on the map and in AR, in words.
@Suite("Location refused in Chromium and WebKit", .serialized)
struct LocationRefusedBrowserTests {
    @Test(
        "location refused: the map says it cannot show where I am and how to allow it; AR says the same", arguments: Browser.Engine.allCases
    )
    func refusedIsExplained(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine, allowing: ["geolocation", "Geolocation", "denied"]) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.refuseLocation(origin: server.base)
            try await browser.open(server.base + "/#/map")
            try await browser.click("#locate")
            #expect(try await browser.waitOnScreen("#status").contains("Location services are off for this site"))
            try await BrowserTests.screenshot(browser, "location-refused")
            // AR: said as it opens. WebKitGTK here has no camera, whose refusal is said next and replaces
            // the toast, so what was said is recorded; on screen is checked where the camera opens (Chromium).
            try await browser.open(server.base + "/#/ar")
            _ = try await browser.run(
                """
                window.worldlayerSaid = [];
                const status = document.querySelector('#status');
                new MutationObserver(() => worldlayerSaid.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
                """)
            try await browser.enterAR()
            _ = try await browser.waitFor(
                "the refusal said in AR",
                "return window.worldlayerSaid.some((s) => s.includes('Location services are off for this site')) || null")
            if engine == .chromium {
                #expect(try await browser.waitOnScreen("#status").contains("Location services are off for this site"))
            }
        }
    }
}

import Foundation
import Testing
import WorldLayerTestSupport

/// A saved tour in a forest (issue 48): with the server stopped and the browser offline, AR still
/// shows the saved stickers and the tour's stops, a place is found by name in the saved area, and
/// a walking route to it is worked out on the phone from the saved walkways and drawn.
@Suite("Offline AR, place search and routing from a saved tour", .serialized)
struct OfflineTourBrowserTests {
    @Test(
        "offline: AR shows the saved stickers and stops; a place is found by name and a route to it drawn from the saved walkways",
        arguments: Browser.Engine.allCases)
    func savedTourOffline(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("hiker")
        let here = (60.16952, 24.95250)
        // What the server would answer, to compare with: the National Library's route from here.
        let places = ClientDesignBrowserTests.json(
            try await server.request("GET", "/v1/places/search?q=Kansalliskirjasto&latitude=\(here.0)&longitude=\(here.1)").text)
        let library = try #require(((places["results"] as? [[String: Any]])?.first?["place"] as? [String: Any]))
        let libraryID = try #require(library["id"] as? String)
        let online = ClientDesignBrowserTests.json(
            try await server.request(
                "POST", "/v1/routes", json: #"{"from":{"latitude":\#(here.0),"longitude":\#(here.1)},"to":{"place":"\#(libraryID)"}}"#
            ).text)
        let onlineLength = try #require(online["length"] as? Double)

        try await Browser.using(engine, allowing: ["ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "net::ERR_FAILED"]) { browser in
            try await OfflineBrowserTests.saveTour(browser, server, token: token, standingAt: here)
            server.stop()
            try await OfflineBrowserTests.network(browser, offline: true)

            // AR: the saved stickers around me and the tour's stops.
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            let drawn =
                try await browser.waitFor(
                    "saved stickers and stops in AR", timeout: 30,
                    """
                    const o = window.worldlayerAR?.objects() ?? [];
                    const stickers = o.filter(x => x.kind === 'sticker').length, stops = o.filter(x => x.kind === 'tour-stop').length;
                    return stickers > 0 && stops === 8 ? [stickers, stops] : null
                    """) as? [Int] ?? []
            #expect(drawn.last == 8, "\(drawn)")

            // The map: the library found by name (without its accents' care), a route to it made here.
            try await browser.open(server.base + "/#/map")
            try await browser.type("#place-search", "kansalliskirj")
            let result = ".place-result[data-place='\(libraryID)']"
            #expect(try await browser.waitOnScreen(result).hasPrefix("Kansalliskirjasto"))
            try await browser.click(result)
            try await browser.click("#route-here")
            #expect(try await browser.waitOnScreen("#route-offline").hasPrefix("No connection: worked out on this phone"))
            let summary = try await browser.waitOnScreen("#route-summary")
            let points = try await browser.run("return Number(document.querySelector('#map').dataset.route || 0)") as? Int ?? 0
            #expect(points > 2, "the route drawn on the map: \(points) points")
            let length = try await browser.run("return Number(document.querySelector('#map').dataset.routeLength)") as? Int ?? 0
            #expect(abs(Double(length) - onlineLength) <= 1, "offline \(length) m, the server's \(onlineLength) m")
            #expect(summary.contains("min on foot"), "\(summary)")
            try await BrowserTests.screenshot(browser, "offline-route")
        }
    }
}

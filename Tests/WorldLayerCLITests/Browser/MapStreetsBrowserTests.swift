import Foundation
import Testing

/// Issue 51: the map a person opens shows its streets every time, and a tour's map has streets too.
@Suite("Streets on every map in Chromium and WebKit", .serialized)
struct MapStreetsBrowserTests {
    /// How many of `element`'s own-map paths are drawn (not clipped to nothing, `M0 0`), and of how many.
    private static let drawnPaths = """
        const paths = [...document.querySelectorAll(arguments[0] + ' .leaflet-own-pane path')];
        const drawn = paths.filter((p) => { const d = p.getAttribute('d') ?? ''; return d.length > 6 && d !== 'M0 0'; });
        return paths.length ? [drawn.length, paths.length] : null;
        """

    @Test(
        "seven cold opens of the map: each draws its streets where the screen shows them, without a pan", arguments: Browser.Engine.allCases
    )
    func everyColdOpenHasStreets(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            for open in 1...7 {
                try await browser.open(server.base + "/#/discover")
                try await browser.open(server.base + "/#/map")
                _ = try await browser.waitFor(
                    "the map's streets", "return Number(document.querySelector('#map')?.dataset.walkways) > 0 || null")
                // What Leaflet drew, once its renderer has settled.
                let counts = try await browser.waitFor("paths drawn", Self.drawnPaths, ["#map"]) as? [Int] ?? [0, 0]
                #expect(counts[0] >= 50 && counts[0] * 2 >= counts[1], "open \(open): \(counts[0]) of \(counts[1]) paths drawn")
            }
        }
    }

    @Test("a tour's map draws the streets under its stops", arguments: Browser.Engine.allCases)
    func tourMapHasStreets(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1700, 24.9500, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            _ = try await browser.waitFor(
                "the tour map's streets", "return Number(document.querySelector('#tour-map')?.dataset.walkways) > 0 || null")
            let counts = try await browser.waitFor("paths drawn", Self.drawnPaths, ["#tour-map"]) as? [Int] ?? [0, 0]
            #expect(counts[0] >= 50, "\(counts[0]) of \(counts[1]) paths drawn")
            #expect(
                try await browser.run("return document.querySelectorAll('#tour-map .stop-pin').length") as? Int == 8,
                "the stops over the streets")
            try await BrowserTests.screenshot(browser, "tour-map-streets")
        }
    }
}

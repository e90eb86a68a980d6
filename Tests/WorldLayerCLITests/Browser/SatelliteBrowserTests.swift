import Foundation
import Testing
import WorldLayerCore

/// The map's satellite style, offered only where the server has an imagery source. The "imagery"
/// here is a picture the server itself serves for every tile address: the point is that the map
/// asks the configured source for its tiles and shows them with their credit.
@Suite("Satellite map style in Chromium and WebKit", .serialized)
struct SatelliteBrowserTests {
    @Test(
        "with an imagery source, Settings offers 'Satellite' and the map draws that source's tiles with its credit; without one, it is not offered",
        arguments: Browser.Engine.allCases)
    func satellite(engine: Browser.Engine) async throws {
        let port = try RunningServer.freePort()
        let imagery = "http://127.0.0.1:\(port)/v1/templates/heart/preview?z={z}&x={x}&y={y}"
        let server = try await RunningServer(
            database: BrowserTests.worlds[engine]!,
            extra: [
                "--media", BrowserTests.seeded.media, "--web", BrowserTests.root.appendingPathComponent("Web").path, "--tiles", "none",
                "--satellite-tiles", imagery, "--satellite-attribution", "Test imagery",
            ],
            port: port)
        defer { server.stop() }
        let plain = try await BrowserTests.server(engine)
        defer { plain.stop() }
        try await Browser.using(engine) { browser in
            // A server without imagery offers no satellite style.
            try await browser.open(plain.base + "/#/settings")
            _ = try await browser.waitFor(
                "the styles offered", "return document.querySelector('#setting-mapStyle')?.dataset.imagery ?? null")
            #expect(
                try await browser.run("return [...document.querySelectorAll('#setting-mapStyle option')].map(o => o.value)") as? [String]
                    == ["streets", "light", "own"])

            try await browser.open(server.base + "/#/settings")
            try await browser.element("#setting-mapStyle option[value='satellite']")
            _ = try await browser.run(
                "const s = document.querySelector('#setting-mapStyle'); s.value = 'satellite'; s.dispatchEvent(new Event('change'))")
            try await browser.open(server.base + "/#/map")
            let tiles =
                try await browser.waitFor(
                    "imagery tiles drawn",
                    """
                    const tiles = [...document.querySelectorAll('.leaflet-tile-pane img')].filter((i) => i.complete && i.naturalWidth > 0);
                    return tiles.length ? tiles.map((i) => new URL(i.src).pathname + '?' + new URL(i.src).search.slice(1, 3)) : null
                    """) as? [String] ?? []
            #expect(!tiles.isEmpty && tiles.allSatisfy { $0 == "/v1/templates/heart/preview?z=" }, "\(tiles.prefix(3))")
            // The credit, shown on the map (Leaflet's own small print).
            let credit = try await browser.waitFor(
                "the imagery's credit",
                "const a = document.querySelector('.leaflet-control-attribution'); return a && a.offsetParent && a.textContent.includes('Test imagery') ? a.textContent : null"
            )
            #expect((credit as? String)?.contains("Test imagery") == true)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

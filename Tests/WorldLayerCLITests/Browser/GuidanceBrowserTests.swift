import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// NavSB's guidance: a long press on the map routes there; leaving the route makes a new one from where I am.
@Suite("Live guidance in Chromium and WebKit", .serialized)
struct GuidanceBrowserTests {
    @Test(
        "walking off the route for a while finds a new way from where I am to the same destination; the banner guides again",
        arguments: Browser.Engine.allCases)
    func reroutes(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let start = (60.17030, 24.94060), metre = 1 / (111_320 * cos(60.1703 * Double.pi / 180))
        let route = try await server.request(
            "POST", "/v1/routes",
            json: #"{"from":{"latitude":60.1703,"longitude":24.9406},"to":{"latitude":60.16951,"longitude":24.95227}}"#)
        #expect(route.status == 200)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: start.0, start.1, accuracy: 5, origin: server.base)
            _ = try await browser.run("sessionStorage.setItem('worldlayer.route', arguments[0])", [route.text])
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            #expect(try await browser.waitOnScreen("#ar-next").hasPrefix("In "))
            // Away from the destination, at a walk: 3 m a second for 48 m.
            var longitude = start.1
            for _ in 0..<16 {
                longitude -= 3 * metre
                try await browser.stand(at: start.0, longitude, accuracy: 5, origin: server.base)
                try await Task.sleep(nanoseconds: 1_000_000_000)
            }
            _ = try await browser.waitFor("a new route", "return Number(document.querySelector('#ar').dataset.reroutes) >= 1 || null")
            let first =
                try await browser.run(
                    "const r = JSON.parse(sessionStorage.getItem('worldlayer.route')); return [r.waypoints[0].latitude, r.waypoints[0].longitude, r.destination.latitude, r.destination.longitude]"
                ) as? [Double] ?? []
            let fromHere = hypot((first[0] - start.0) * 111_320, (first[1] - longitude) / metre)
            #expect(fromHere < 20, "the new route starts where I am, not where the old one did: \(fromHere) m")
            #expect(abs(first[2] - 60.16951) < 0.0005 && abs(first[3] - 24.95227) < 0.001, "to the same destination")
            #expect(try await browser.waitOnScreen("#ar-next").hasPrefix("In "))
            try await BrowserTests.screenshot(browser, "ar-rerouted")
        }
    }

    @Test("a long press on the map routes there: the route drawn, its length and time in the sheet", arguments: Browser.Engine.allCases)
    func longPressRoutes(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            try await browser.open(server.base + "/#/map")
            _ = try await browser.waitFor("the map drawn", "return Number(document.querySelector('#map')?.dataset.walkways) > 0 || null")
            // A point a little north-east of me, brought to the middle of the map as a person pans to it.
            _ = try await browser.run("window.worldlayerMap.setView([60.1712, 24.9410], 17, { animate: false })")
            try await browser.pressAndHold("#map", dx: 0, dy: 0)
            let summary = try await browser.waitOnScreen("#route-summary")
            #expect(summary.contains("min on foot"), "\(summary)")
            #expect(try await browser.run("return Number(document.querySelector('#map').dataset.route) > 2") as? Bool == true)
        }
    }
}

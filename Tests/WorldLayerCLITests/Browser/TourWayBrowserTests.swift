import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// Historia's "not there yet": from outside a tour's area, how far it is and the way to it.
@Suite("The way to a tour in Chromium and WebKit", .serialized)
struct TourWayBrowserTests {
    @Test(
        "not there yet: outside the tour's area it says how far, and shows the walking way to its nearest stop on the map and in AR",
        arguments: Browser.Engine.allCases)
    func wayToTheTour(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let away = (60.1640, 24.9350)  // about a kilometre south-west of the tour, on the demo streets
        let availability = ClientDesignBrowserTests.json(
            try await server.request("GET", "/v1/tours/helsinki-monuments/availability?latitude=\(away.0)&longitude=\(away.1)").text)
        let route = try #require(availability["route"] as? [String: Any])
        let length = try #require(route["length"] as? Double)
        let nearest = try #require((availability["nearestStop"] as? [String: Any])?["stop"] as? [String: Any])
        let stopTitle = try #require(nearest["title"] as? String)

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: away.0, away.1, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            #expect(try await browser.waitOnScreen("#tour-far").hasPrefix("This tour is "))
            _ = try await browser.run("document.querySelector('#tour-where').scrollIntoView({block: 'center'})")  // as a person scrolls
            let way = try await browser.waitOnScreen("#tour-way")
            #expect(way.hasPrefix(Self.distance(length) + " on foot") && way.contains(stopTitle), "\(way)")
            try await BrowserTests.screenshot(browser, "tour-way")

            try await browser.click("#tour-way-map")
            let heading = try await browser.waitOnScreen("#route h3")
            #expect(heading.hasSuffix(stopTitle), "the route on the map goes to the stop: \(heading)")
            let summary = try await browser.waitOnScreen("#route-summary")
            #expect(summary.hasPrefix(Self.distance(length) + ", about "), "one unit, once: \(summary)")
            #expect(try await browser.run("return Number(document.querySelector('#map').dataset.route) > 2") as? Bool == true)

            try await browser.open(server.base + "/#/tours")
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            try await browser.click("#tour-way-ar")
            try await browser.enterAR()
            _ = try await browser.waitOnScreen("#ar-guidance")
            // The banner is up as soon as the route is; the next turn fills it in with the first position fix
            // (or, standing over 10 m from the route's start, the way to it).
            let banner =
                try await browser.waitFor(
                    "the next turn in the banner",
                    "const t = document.querySelector('#ar-next')?.textContent ?? ''; return t.startsWith('In ') || t.startsWith('Walk ') ? t : null"
                )
                as? String ?? ""
            #expect(banner.contains(" min on foot"), "the next turn, and the way left: \(banner)")
            _ = try await browser.waitOnScreen("#ar-next")
        }
    }

    /// As the client writes a distance ("350 m", "1.2 km").
    static func distance(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }
}

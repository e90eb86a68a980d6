import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// NavSB's guidance: a long press on the map routes there; leaving the route makes a new one from where I am.
@Suite("Live guidance in Chromium and WebKit", .serialized)
struct GuidanceBrowserTests {
    /// AR opened on `route` (as the map's "View in AR" hands it over), standing at `position`.
    private static func openAR(_ browser: Browser, _ server: RunningServer, on route: String, standing position: (Double, Double))
        async throws
    {
        try await browser.open(server.base + "/#/discover")
        try await browser.stand(at: position.0, position.1, accuracy: 5, origin: server.base)
        _ = try await browser.run("sessionStorage.setItem('worldlayer.route', arguments[0])", [route])
        try await browser.open(server.base + "/#/ar")
        try await browser.enterAR()
    }

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
            try await Self.openAR(browser, server, on: route.text, standing: start)
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

    @Test(
        "starting 30 m from the route: the banner says to walk to it and which way, arrows lead from where I stand; on it, its turns",
        arguments: Browser.Engine.allCases)
    func startsAwayFromTheRoute(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let route = try await server.request(
            "POST", "/v1/routes",
            json: #"{"from":{"latitude":60.1703,"longitude":24.9406},"to":{"latitude":60.16951,"longitude":24.95227}}"#)
        let waypoints = try #require(
            (try JSONSerialization.jsonObject(with: Data(route.text.utf8)) as? [String: Any])?["waypoints"] as? [[String: Any]])
        let first = try #require(waypoints.first)
        let (latitude, longitude) = (first["latitude"] as? Double ?? 0, first["longitude"] as? Double ?? 0)
        let bearing = (first["bearing"] as? Double ?? 0) * Double.pi / 180
        // 30 m behind the route's start, as the way goes: the start is the nearest point of it.
        let metreNorth = 1 / 111_320.0, metreEast = 1 / (111_320 * cos(latitude * Double.pi / 180))
        let away = (latitude - 30 * cos(bearing) * metreNorth, longitude - 30 * sin(bearing) * metreEast)
        let toward = ["n", "ne", "e", "se", "s", "sw", "w", "nw"][
            Int(((bearing * 180 / Double.pi) + 22.5).truncatingRemainder(dividingBy: 360) / 45) % 8]
        let words = [
            "n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south", "sw": "south-west", "w": "west",
            "nw": "north-west",
        ]
        try await Browser.using(engine) { browser in
            try await Self.openAR(browser, server, on: route.text, standing: away)
            let banner = try await browser.waitOnScreen("#ar-next")
            #expect(banner.hasPrefix("Walk 3"), "\(banner)")
            #expect(banner.contains(" m \(words[toward] ?? "") to "), "towards the route's start: \(banner)")
            let nearest =
                try await browser.waitFor(
                    "arrows from where I stand",
                    """
                    const a = (window.worldlayerAR?.objects() ?? []).filter(x => String(x.id).startsWith('approach-') && x.x !== undefined);
                    return a.length >= 4 ? Math.min(...a.map(x => Math.hypot(x.x, x.z))) : null
                    """) as? Double ?? 99
            #expect(nearest < 5, "the first arrow is at my feet, not 30 m away: \(nearest) m")
            try await BrowserTests.screenshot(browser, "ar-join-route")

            // Walked to the route (3 m a second, as the position filter believes a walker): its own turns,
            // and the arrows that led there gone.
            for step in 1...10 {
                let f = Double(step) / 10
                try await browser.stand(
                    at: away.0 + f * (latitude - away.0), away.1 + f * (longitude - away.1), accuracy: 5, origin: server.base)
                try await Task.sleep(for: .seconds(1))
            }
            _ = try await browser.waitFor(
                "the route's own guidance", "return document.querySelector('#ar-next')?.textContent.startsWith('In ') || null")
            #expect(try await browser.waitOnScreen("#ar-next").hasPrefix("In "))
            let approaches =
                try await browser.run(
                    "return window.worldlayerAR.objects().filter(x => String(x.id).startsWith('approach-')).length") as? Int
            #expect(approaches == 0)
        }
    }

    @Test(
        "near the destination with my sticker 2 m ahead, turning all the way round: no place name covers the destination, the route's arrows or a sticker nearer than its place",
        arguments: Browser.Engine.allCases)
    func labelsGiveWay(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("labelwatcher\(engine.rawValue)")
        // 40 m west of a destination among the shops by the railway station (outside any restricted zone).
        let destination = (60.17030, 24.94140), metreEast = 1 / (111_320 * cos(60.17030 * Double.pi / 180))
        let standing = (destination.0, destination.1 - 40 * metreEast)
        let route = try await server.request(
            "POST", "/v1/routes",
            json:
                #"{"from":{"latitude":\#(standing.0),"longitude":\#(standing.1)},"to":{"latitude":\#(destination.0),"longitude":\#(destination.1)}}"#
        )
        #expect(route.status == 200)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await Self.openAR(browser, server, on: route.text, standing: standing)
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "Meet here")
            try await browser.click("#place-submit")
            try await browser.waitOnScreen("#placed")
            _ = try await browser.run("document.querySelector('#ar-sheet .close').click()")
            var drawn = 0
            for heading in stride(from: 10.0, to: 360.0, by: 20.0) {  // from 10°: the first layout is made after the sticker came
                _ = try await browser.run("window.worldlayerAR.pose.heading = arguments[0]", [heading])
                _ = try await browser.waitFor(
                    "labels laid out facing \(heading)°",
                    "return Math.abs(Number(document.querySelector('#ar-labels').dataset.heading) - arguments[0]) < 0.5 || null", [heading])
                // A frame drawn after the layout, so that objects and labels are from the same pose.
                _ = try await browser.runAsync("requestAnimationFrame(() => requestAnimationFrame(() => done(true)))")
                let found =
                    try await browser.run(
                        """
                        const things = window.worldlayerAR.objects().filter(o => ['destination', 'sticker', 'waypoint'].includes(o.kind) && o.visible);
                        const labels = [...document.querySelectorAll('#ar-labels .place-label:not(.chosen)')], covered = [];
                        for (const l of labels) {
                          const b = l.getBoundingClientRect(), far = Number(l.dataset.distance);
                          for (const o of things) {
                            if (o.kind !== 'destination' && !(o.distance < far - 1)) continue;
                            const r = window.worldlayerAR.drawnAt(o.id);
                            if (r && b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom) covered.push(`${l.textContent} over ${o.kind} ${o.text ?? ''}`);
                          }
                        }
                        return [labels.length, covered]
                        """) as? [Any] ?? []
                drawn += found.first as? Int ?? 0
                #expect((found.last as? [String])?.isEmpty == true, "facing \(heading)°: \(found)")
            }
            #expect(drawn > 0, "some place names were drawn while turning")
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

import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// Historia's historical photos in AR: hung where they were taken, facing the way the photographer looked.
@Suite("Historical photos in AR in Chromium and WebKit", .serialized)
struct TourPhotoBrowserTests {
    @Test(
        "a photo stop's picture hangs where its viewpoint says, facing back at the stop; looking that way it is in the middle of the screen",
        arguments: Browser.Engine.allCases)
    func framedPhoto(engine: Browser.Engine) async throws {
        // A world of its own: this test changes the demo tour.
        let server = try await BrowserTests.server(withTour: {
            try TourToolTests.photoBundle(from: $0, media: $1, viewpoint: "{heading: 35.5, distance: 18.0}")
        })
        defer { server.stop() }
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let first = try #require((tour["stops"] as? [[String: Any]])?.first)
        #expect((first["viewpoint"] as? [String: Double]) == ["heading": 35.5, "distance": 18.0])
        let stopID = try #require(first["id"] as? String), tourID = try #require(tour["id"] as? String)
        let at = try #require(first["position"] as? [String: Double])
        let photo = "photo-\(tourID)-\(stopID)"

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: at["latitude"]!, at["longitude"]!, accuracy: 3, origin: server.base)
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            let found = "return window.worldlayerAR?.objects().find((o) => o.id === arguments[0] && o.visible && o.distance) ?? null"
            let hung = try #require(try await browser.waitFor("the photo in the scene", found, [photo]) as? [String: Any])
            // 18 m away at 35.5° east of north (x east, −z north), turned to face the stop.
            let x = hung["x"] as? Double ?? .nan, z = hung["z"] as? Double ?? .nan, yaw = hung["yaw"] as? Double ?? .nan
            #expect(abs(x - 18 * sin(35.5 * .pi / 180)) < 0.3 && abs(z + 18 * cos(35.5 * .pi / 180)) < 0.3, "at \(x), \(z)")
            #expect(abs(yaw + 35.5 * .pi / 180) < 0.01, "facing back at the stop: \(yaw)")
            // Facing the photographer's way (an iPhone's compass), the picture is in the middle of the view.
            _ = try await browser.waitFor(
                "the heading taken",
                """
                const e = new DeviceOrientationEvent('deviceorientation', { alpha: 0, beta: 90, gamma: 0 });
                Object.defineProperties(e, { webkitCompassHeading: { value: 35.5 }, webkitCompassAccuracy: { value: 5 } });
                window.dispatchEvent(e);
                return Math.abs(window.worldlayerAR.pose.heading - 35.5) < 1 || null
                """)
            let centre = try await browser.waitFor(
                "the photo centred",
                "const p = window.worldlayerAR.project(arguments[0]); return p && Math.abs(p.x) < 0.1 && p.z < 1 ? p : null",
                [photo])
            #expect(centre is [String: Any])
            try await BrowserTests.screenshot(browser, "tour-photo")
            _ = try await browser.run("window.worldlayerAR.open(arguments[0])", [photo])
            let sheet = try await browser.waitOnScreen("#stop-sheet")
            #expect(sheet.contains("Taken looking north-east, about 18 m away"), "\(sheet)")
            // The tour's own page says it too, on the stop's sheet.
            try await browser.open(server.base + "/#/tours")
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            try await browser.click("#tour-stops li:first-child button")
            #expect(try await browser.waitOnScreen("#stop-viewpoint").hasPrefix("Taken looking north-east, about 18 m away"))
        }
    }
}

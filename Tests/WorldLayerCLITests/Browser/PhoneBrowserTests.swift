import Foundation
import Testing

/// What a phone asks of the client beyond a desktop: a word about the surroundings before AR, the
/// tap iOS needs before it gives the compass, and AR pausing in a vehicle.
@Suite("On a phone", .serialized)
struct PhoneBrowserTests {
    @Test(
        "AR opens on a safety word whose tap asks iOS for motion access; later opens offer the compass button; a refusal is explained",
        arguments: Browser.Engine.allCases)
    func safetyAndMotionPermission(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.16952, 24.95250, accuracy: 4, origin: server.base)
            // Safari's API, which Chromium lacks: record the calls, answer as a person would.
            _ = try await browser.run(
                """
                window.motionAsked = 0; window.motionAnswer = 'granted';
                DeviceOrientationEvent.requestPermission = () => { window.motionAsked++; return Promise.resolve(window.motionAnswer); };
                location.hash = '#/ar';
                """)
            let word = try await browser.waitOnScreen("#safety")
            #expect(word.contains("Mind your surroundings"))
            #expect(try await browser.run("return document.querySelector('#ar')") is NSNull)  // nothing starts before the tap
            try await BrowserTests.screenshot(browser, "ar-safety")
            try await browser.click("#safety-start")
            try await browser.element("#ar")
            #expect(try await browser.run("return window.motionAsked") as? Int == 1)
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            // Then an iPhone's compass: Safari's `webkitCompassHeading` beside a gyroscope alpha with
            // an arbitrary zero; the scene faces the compass's way.
            _ = try await browser.run(
                """
                const e = new DeviceOrientationEvent('deviceorientation', { alpha: 10, beta: 90, gamma: 0 });
                Object.defineProperties(e, { webkitCompassHeading: { value: 135 }, webkitCompassAccuracy: { value: 10 } });
                dispatchEvent(e);
                """)
            #expect(try await browser.run("return Math.round(window.worldlayerAR.pose.heading)") as? Int == 135)

            // Opened again: no safety word, but iOS wants a tap on the page before the compass starts.
            _ = try await browser.run("location.hash = '#/discover'")
            try await browser.element("#book-search")
            _ = try await browser.run("window.motionAnswer = 'denied'; location.hash = '#/ar'")
            try await browser.waitOnScreen("#start-compass")
            try await browser.click("#start-compass")
            // A toast: another message may be up first; this one replaces it.
            _ = try await browser.waitFor(
                "the refusal explained",
                "return document.querySelector('#status').textContent.includes('Motion & Orientation Access') || null")
            try await browser.waitOnScreen("#status")
            #expect(try await browser.run("return window.motionAsked") as? Int == 2)
            #expect(try await browser.run("return document.querySelector('#start-compass')") is NSNull)
        }
    }

    @Test(
        "AR pauses when the phone moves at a vehicle's speed for several fixes, and comes back at walking pace",
        arguments: Browser.Engine.allCases)
    func vehiclePause(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            var (latitude, longitude) = (60.16952, 24.95250)
            try await browser.stand(at: latitude, longitude, accuracy: 5, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.safetyAcknowledged', '1'); location.hash = '#/ar'")
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            #expect(try await browser.run("return document.querySelector('#ar-paused').hidden") as? Bool == true)
            // A tram: 12 m/s eastwards, a fix a second.
            var paused = ""
            for _ in 0..<20 where paused.isEmpty {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                longitude += 12 / (111_320 * cos(latitude * .pi / 180))
                try await browser.stand(at: latitude, longitude, accuracy: 5, origin: server.base)
                paused =
                    try await browser.run(
                        "return document.querySelector('#ar-paused').hidden ? '' : document.querySelector('#ar-paused').textContent")
                    as? String ?? ""
            }
            #expect(paused.contains("vehicle"), "AR did not pause at 12 m/s")
            try await browser.waitOnScreen("#ar-paused")
            try await BrowserTests.screenshot(browser, "ar-vehicle")
            // Off the tram, walking slowly: AR comes back.
            var resumed = false
            for _ in 0..<30 where !resumed {
                try await Task.sleep(nanoseconds: 1_000_000_000)
                latitude += 1 / 111_320
                try await browser.stand(at: latitude, longitude, accuracy: 5, origin: server.base)
                resumed = try await browser.run("return document.querySelector('#ar-paused').hidden") as? Bool == true
            }
            #expect(resumed, "AR stayed paused at walking pace")
        }
    }
}

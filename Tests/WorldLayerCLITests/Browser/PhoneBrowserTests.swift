import Foundation
import Testing

/// What a phone asks of the client beyond a desktop: a word about the surroundings before AR, the
/// tap iOS needs before it gives the compass, and AR pausing in a vehicle.
@Suite("On a phone", .serialized)
struct PhoneBrowserTests {
    @Test(
        "AR opens on a safety word whose tap asks for motion access once for the site; later opens ask nothing; a refusal is explained in the platform's words",
        arguments: Browser.Engine.allCases)
    func safetyAndMotionPermission(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.16952, 24.95250, accuracy: 4, origin: server.base)
            // An iPhone's Safari: its request (recorded, answered as a person would, granted again without
            // a tap once granted), no Permissions API for sensors, its user agent.
            let iPhone = """
                window.motionAsked = 0; window.motionAnswer = window.motionAnswer ?? 'granted';
                DeviceOrientationEvent.requestPermission = () => { window.motionAsked++; return Promise.resolve(window.motionAnswer); };
                Object.defineProperty(Navigator.prototype, 'permissions', { configurable: true, value: { query: () => Promise.reject(new TypeError('not a sensor Safari knows')) } });
                Object.defineProperty(Navigator.prototype, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15' });
                """
            _ = try await browser.run(iPhone + "location.hash = '#/ar';")
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

            // Opened again: no safety word, and nothing asked of the person: the site has the grant.
            _ = try await browser.run("location.hash = '#/discover'")
            try await browser.element("#book-search")
            _ = try await browser.run("location.hash = '#/ar'")
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            _ = try await browser.waitFor("the grant renewed without a tap", "return window.motionAsked === 2 || null")
            #expect(try await browser.run("return document.querySelector('#start-compass')") is NSNull, "no extra tap")

            // Turned off in Settings since: the compass button, and its refusal in an iPhone's words.
            _ = try await browser.run("location.hash = '#/discover'")
            try await browser.element("#book-search")
            _ = try await browser.run("window.motionAnswer = 'denied'; location.hash = '#/ar'")
            try await browser.waitOnScreen("#start-compass")
            try await browser.click("#start-compass")
            // A toast: another message may be up first; this one replaces it.
            _ = try await browser.waitFor(
                "the refusal explained",
                "return document.querySelector('#status').textContent.includes('Settings › Safari › Motion & Orientation Access') || null")
            try await browser.waitOnScreen("#status")
            #expect(try await browser.run("return document.querySelector('#start-compass')") is NSNull)

            // An Android phone whose browser has motion sensors blocked for the site: said in its words, not Safari's.
            _ = try await browser.run("location.hash = '#/discover'")
            try await browser.element("#book-search")
            // Every toast is recorded: where the camera is missing (WebKitGTK), its own message may follow this one.
            _ = try await browser.run(
                """
                window.said = [];
                new MutationObserver(() => said.push(document.querySelector('#status').textContent))
                  .observe(document.querySelector('#status'), { childList: true, characterData: true, subtree: true });
                DeviceOrientationEvent.requestPermission = () => Promise.resolve('denied');
                Object.defineProperty(Navigator.prototype, 'permissions', { configurable: true, value: { query: () => Promise.resolve({ state: 'denied' }) } });
                Object.defineProperty(Navigator.prototype, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/156.0 Mobile' });
                location.hash = '#/ar';
                """)
            let refusal =
                try await browser.waitFor(
                    "the refusal in Android's words", "return said.find((t) => t.includes('Motion sensors are off')) ?? null") as? String
            #expect(refusal?.contains("Permissions › Motion sensors") == true && refusal?.contains("Safari") == false, "\(refusal ?? "")")
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

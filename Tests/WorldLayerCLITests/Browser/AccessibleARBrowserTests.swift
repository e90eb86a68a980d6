import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// AR for people who cannot see the screen well, and the other choices kept on the phone: spoken
/// turns, a spoken description and a buzz for each sticker coming into view, the map's style.
@Suite("Settings on this phone, and AR that speaks, in Chromium and WebKit", .serialized)
struct AccessibleARBrowserTests {
    /// Records what the app asks the browser to say and to buzz, and still passes it on: the browser's
    /// own speech and vibration run as they would.
    static let listen = """
        window.spoken = []; window.buzzes = [];
        if (window.SpeechSynthesis) {  // on the prototype: WebKit may hand out a new speechSynthesis object
          const speak = SpeechSynthesis.prototype.speak;
          SpeechSynthesis.prototype.speak = function (u) { window.spoken.push(u.text); return speak.call(this, u); };
        }
        const vibrate = navigator.vibrate?.bind(navigator);
        navigator.vibrate = (pattern) => { window.buzzes.push(pattern); return vibrate ? vibrate(pattern) : false; };
        """

    @Test(
        "settings: spoken turns, stickers described aloud and buzzed as they come into view; kept on the phone",
        arguments: Browser.Engine.allCases)
    func speakingAR(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("listener")
        let here = (60.17030, 24.94060)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.stand(at: here.0, here.1, accuracy: 4, origin: server.base)
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-settings")
            _ = try await browser.element("#setting-buzzStickers")
            for name in ["speakTurns", "describeStickers", "buzzStickers"] {
                #expect(
                    try await browser.run("return document.querySelector('#setting-\(name)').checked") as? Bool == false, "off at first")
                try await browser.click("#setting-\(name)")
            }
            // Nothing wider than the phone (else it names what is).
            let wide = try await browser.run(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth || [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((e) => e.outerHTML.slice(0, 80)).join(' | ')"
            )
            #expect(wide as? Bool == true, "\(wide ?? "")")
            try await BrowserTests.screenshot(browser, "settings")
            let kept = try await browser.run("return localStorage.getItem('worldlayer.settings')") as? String ?? ""
            #expect(
                kept.contains("\"speakTurns\":true") && kept.contains("\"describeStickers\":true") && kept.contains("\"buzzStickers\":true")
            )

            // A route, as the map's "View in AR" leaves it, then AR.
            let route = try await server.request(
                "POST", "/v1/routes",
                json: #"{"from":{"latitude":60.1703,"longitude":24.9406},"to":{"latitude":60.16951,"longitude":24.95227}}"#)
            #expect(route.status == 200)
            _ = try await browser.run("sessionStorage.setItem('worldlayer.route', arguments[0])", [route.text])
            _ = try await browser.run(Self.listen)
            _ = try await browser.run("location.hash = '#/ar'")
            try await browser.enterAR()
            let banner = try await browser.waitOnScreen("#ar-next")
            let turn =
                try await browser.waitFor("the turn spoken", "return window.spoken?.find((s) => s.startsWith('In ')) ?? null") as? String
            #expect(turn != nil && banner.hasPrefix(turn ?? "-"), "the banner's words, spoken: \(turn ?? "nothing") / \(banner)")

            // A sticker placed in front of me comes into view: described aloud, and a buzz.
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "Coffee here")
            try await browser.click("#place-submit")
            let described =
                try await browser.waitFor(
                    "the sticker described", "return window.spoken.find((s) => s.includes('Coffee here')) ?? null") as? String
            #expect(described == "Sticker “Coffee here”, 2 m ahead.", "\(described ?? "")")
            #expect(try await browser.run("return window.buzzes.length") as? Int ?? 0 >= 1)
        }
    }

    @Test(
        "settings: the light map style draws WorldLayer's own streets and buildings paler; streets again on choosing it",
        arguments: Browser.Engine.allCases)
    func mapStyle(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let inks =
            "return [...new Set([...document.querySelectorAll('.leaflet-own-pane path')].map((p) => p.getAttribute('stroke')))].sort().join(' ') || null"
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            try await browser.open(server.base + "/#/settings")
            _ = try await browser.element("#setting-mapStyle")
            #expect(try await browser.run("return document.querySelector('#setting-mapStyle').value") as? String == "streets")
            _ = try await browser.run(
                "const s = document.querySelector('#setting-mapStyle'); s.value = 'light'; s.dispatchEvent(new Event('change'))")
            #expect(try await browser.waitOnScreen("#status") == "Saved on this phone.")
            try await browser.open(server.base + "/#/map")
            let light = try await browser.waitFor("the own drawing, light", inks) as? String ?? ""
            #expect(light.contains("#c8c3be") && !light.contains("#78716c"), "\(light)")
            try await BrowserTests.screenshot(browser, "map-light")

            try await browser.open(server.base + "/#/settings")
            _ = try await browser.run(
                "const s = document.querySelector('#setting-mapStyle'); s.value = 'streets'; s.dispatchEvent(new Event('change'))")
            try await browser.open(server.base + "/#/map")
            let streets = try await browser.waitFor("the own drawing, streets", inks) as? String ?? ""
            #expect(streets.contains("#78716c") && !streets.contains("#c8c3be"), "\(streets)")
        }
    }

    @Test(
        "settings: ask before opening the camera — a book's camera waits for “Start camera”, then opens",
        arguments: Browser.Engine.allCases)
    func askBeforeCamera(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        // WebKitGTK here has no camera at all: there, only the waiting is checked.
        let camera = engine == .chromium ? try BrowserTests.camera(from: "astronaut.jpg") : nil
        try await Browser.using(engine, camera: camera, allowing: ["getUserMedia"]) { browser in
            try await browser.open(server.base + "/#/settings")
            try await browser.click("#setting-askCamera")
            _ = try await browser.run(
                "window.cameraAsked = 0; const ask = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices); if (ask) navigator.mediaDevices.getUserMedia = (c) => { window.cameraAsked++; return ask(c); }"
            )
            _ = try await browser.run("location.hash = '#/books/pictures-of-science/camera'")
            #expect(try await browser.waitOnScreen("#camera-hint").hasPrefix("Tap “Start camera” when you are ready"))
            try await Task.sleep(nanoseconds: 1_500_000_000)
            #expect(try await browser.run("return window.cameraAsked") as? Int == 0, "the camera was not opened unasked")
            guard engine == .chromium else { return }
            try await browser.click("#start-camera")
            _ = try await browser.waitFor("the camera open", "return !!document.querySelector('#camera video.feed').srcObject || null")
            #expect(try await browser.run("return window.cameraAsked") as? Int == 1)
            // The button says so once the camera plays (a moment after its stream is set, on a busy machine).
            _ = try await browser.waitFor(
                "the button saying Stop", "return document.querySelector('#start-camera').textContent === 'Stop' || null")
            #expect(try await browser.text("#start-camera") == "Stop")
        }
    }
}

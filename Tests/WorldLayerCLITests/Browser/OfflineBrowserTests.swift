import Foundation
import Testing
import WorldLayerTestSupport

/// With no connection at all: the server stopped and the browser offline (DevTools network
/// emulation), the app still opens, a saved tour can be walked, and stickers placed meanwhile reach
/// the server once each when it can be reached again.
@Suite("Offline", .serialized)
struct OfflineBrowserTests {
    @Test(
        "offline: the app opens, a saved map area is drawn, a saved tour shows its stops and narration, two stickers wait on the phone; online again, the server has exactly those two, once each",
        arguments: Browser.Engine.allCases
    )
    func savedTourAndOutbox(engine: Browser.Engine) async throws {
        var server = try await BrowserTests.server(engine)
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("roamer")
        // Refusals provoked on purpose: requests while there is no network.
        try await Browser.using(engine, allowing: ["ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "net::ERR_FAILED"]) { browser in
            try await Self.saveTour(browser, server, token: token, standingAt: (60.16952, 24.95250))
            // And the map area in view: WorldLayer's own streets and buildings, places, stickers.
            try await browser.open(server.base + "/#/map")
            _ = try await browser.waitFor("the map drawn", "return Number(document.querySelector('#map')?.dataset.buildings || 0)")
            try await Self.click(browser, "#save-area")
            _ = try await browser.waitFor(
                "the area saved", "return document.querySelector('#area-status').textContent.startsWith('Saved for offline:')")

            // No connection: the server is gone and the browser says it is offline.
            server.stop()
            try await Self.network(browser, offline: true)
            try await browser.open(server.base + "/#/map")
            let buildings = try await browser.waitFor(
                "the saved map drawn", "return Number(document.querySelector('#map')?.dataset.buildings || 0)")
            #expect(buildings as? Int ?? 0 > 10)
            #expect(
                try await browser.waitFor(
                    "saved stickers on the map", "return Number(document.querySelector('#map').dataset.stickers || 0)") as? Int ?? 0 > 0)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            let stops = try await browser.waitFor(
                "the saved tour's stops", "return document.querySelectorAll('#tour-stops li').length || null")
            #expect(stops as? Int == 8)
            try await Self.click(browser, "#tour-stops li button")
            let narration =
                try await browser.runAsync(
                    "fetch(document.querySelector('#stop-detail audio').src).then(r => r.blob()).then(b => done(b.size), () => done(0))")
                as? Int
            #expect(narration ?? 0 > 1000, "the narration did not come from the saved copy")

            // Two stickers placed in AR wait on the phone.
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            for text in ["offline one", "offline two"] {
                try await browser.click("#place-sticker")
                try await browser.type("#place-text", text)
                try await browser.click("#place-submit")
                #expect(try await browser.waitOnScreen("#queued").contains("No connection"))
                // Drawn for me at once, in front of me, marked as waiting; a tap on it says so.
                let drawn = try await browser.waitFor(
                    "'\(text)' drawn and marked waiting",
                    """
                    const o = window.worldlayerAR.objects().find(x => x.text === arguments[0] && x.waiting && x.visible);
                    const at = o && window.worldlayerAR.drawnAt(o.id);
                    return at && at.x > 0 && at.x < innerWidth && at.y > 0 && at.y < innerHeight ? o.id : null
                    """, [text])
                _ = try await browser.run("window.worldlayerAR.open(arguments[0])", [drawn as? String ?? ""])
                #expect(try await browser.waitOnScreen("#waiting-sheet p").contains("when you are back online"))
            }
            try await browser.open(server.base + "/#/me")
            _ = try await browser.waitFor("two waiting", "return document.querySelectorAll('#outbox [data-state=waiting]').length === 2")
            try await BrowserTests.screenshot(browser, "outbox-waiting")

            // Back online: the same server, where the app expects it.
            server = try await BrowserTests.server(engine, port: port)
            try await Self.network(browser, offline: false)
            _ = try await browser.waitFor(
                "both published", timeout: 40, "return document.querySelectorAll('#outbox [data-state=published]').length === 2")
        }
        let mine = try await server.request("GET", "/v1/me/stickers", token: token)
        let stickers =
            (try JSONSerialization.jsonObject(with: Data(mine.text.utf8)) as? [String: Any])?["stickers"] as? [[String: Any]] ?? []
        #expect(stickers.compactMap { $0["text"] as? String }.sorted() == ["offline one", "offline two"], "\(mine.text)")
        #expect(stickers.allSatisfy { $0["state"] as? String == "published" })
    }

    @Test(
        "offline: a stop walked with no connection is stamped once the server answers again, at the time it was visited",
        arguments: Browser.Engine.allCases)
    func stampedWhenBackOnline(engine: Browser.Engine) async throws {
        var server = try await BrowserTests.server(engine)
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("nightwalker")
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let tourID = try #require(tour["id"] as? String)
        let second = try #require((tour["stops"] as? [[String: Any]])?[1])
        var walked = Date.distantFuture
        let at = try #require(second["position"] as? [String: Double])
        // Where I wait online: 60 m from the second stop, clear of every stop (a walk, not a jump, away).
        let stops = (tour["stops"] as? [[String: Any]] ?? []).compactMap { $0["position"] as? [String: Double] }
        let metre = (latitude: 1 / 111_320.0, longitude: 1 / (111_320.0 * cos(at["latitude"]! * .pi / 180)))
        let near = try #require(
            [(0.0, -60.0), (0.0, 60.0), (60.0, 0.0), (-60.0, 0.0)].map { east, north in
                (at["latitude"]! + north * metre.latitude, at["longitude"]! + east * metre.longitude)
            }.first { p in
                stops.allSatisfy { hypot(($0["latitude"]! - p.0) / metre.latitude, ($0["longitude"]! - p.1) / metre.longitude) > 35 }
            })
        try await Browser.using(engine, allowing: ["ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "net::ERR_FAILED"]) { browser in
            try await Self.saveTour(browser, server, token: token, standingAt: near)

            // No connection; I walk to the second stop and stay a while.
            server.stop()
            try await Self.network(browser, offline: true)
            try await browser.open(server.base + "/#/me")
            try await browser.stand(at: at["latitude"]!, at["longitude"]!, accuracy: 4, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            _ = try await browser.waitFor(
                "reports waiting on the phone", timeout: 40,
                "return JSON.parse(localStorage.getItem('worldlayer.positions.' + arguments[0]) ?? '[]').length >= 10 || null", [tourID])
            walked = Date()

            // The server again, where the app expects it: the waiting reports go, and the stop is stamped.
            server = try await BrowserTests.server(engine, port: port)
            try await Self.network(browser, offline: false)
            _ = try await browser.waitFor(
                "the reports sent", timeout: 40, "return localStorage.getItem('worldlayer.positions.' + arguments[0]) === null", [tourID])
        }
        let book = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/\(tourID)/stamps", token: token).text)
        let stamp = try #require((book["visited"] as? [[String: Any]])?.first { $0["stopId"] as? String == second["id"] as? String })
        let stampedAt = try #require((stamp["stampedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(stampedAt < walked, "stamped at the time I was there, not when the phone was back online")
    }

    /// Signed in and standing somewhere, the demo tour saved for offline as a person does it, with the
    /// service worker in charge (the app makes its offline copy a few seconds after the first screen
    /// is up; once it is ready, a reload puts it in charge).
    static func saveTour(_ browser: Browser, _ server: RunningServer, token: String, standingAt at: (Double, Double)) async throws {
        try await browser.open(server.base + "/#/discover")
        try await browser.stand(at: at.0, at.1, accuracy: 4, origin: server.base)
        _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
        _ = try await browser.runAsync("navigator.serviceWorker.ready.then(() => done(true))")
        _ = try await browser.waitFor(
            "the service worker in charge", "return !!navigator.serviceWorker.controller || (location.reload(), false)")
        try await browser.open(server.base + "/#/tours/helsinki-monuments")
        try await click(browser, "#save-offline")
        // Saving fetches the tour's map area, walkways and media: in WebKit beside two other browser
        // suites on two slow cores it once took longer than 20 s.
        do {
            _ = try await browser.waitFor(
                "the tour saved", timeout: 60, "return document.querySelector('#saved-status').textContent.startsWith('Saved for offline:')"
            )
        } catch {
            // The page's first lines seldom reach the status: say what it and the button said.
            let state = try? await browser.run(
                "return `status: \"${document.querySelector('#saved-status')?.textContent}\", button disabled: ${document.querySelector('#save-offline')?.disabled}`"
            )
            throw CLIFailure("\(error); \(state ?? "unreadable")")
        }
        _ = try await browser.run("document.querySelector('#saved-status').scrollIntoView({block: 'center'})")  // as a person looks
        try await browser.waitOnScreen("#saved-status")
    }

    /// Chromium also says it is offline (DevTools network emulation); WebKit has no way to be told,
    /// and meets a stopped server only (as a phone does on a network without internet).
    /// Clicks as a person would: standing at the tour's first stop collects its stamp after a few
    /// seconds, and the medal that springs up covers the page until it is tapped away; arriving there
    /// also opens the stop's sheet with its narration, which a person closes to reach what is under it.
    static func click(_ browser: Browser, _ css: String) async throws {
        do {
            try await browser.click(css)
        } catch {
            if try await browser.run("return !!document.querySelector('#celebration-ok')") as? Bool == true {
                try await browser.click("#celebration-ok")
                _ = try await browser.waitFor("the medal gone", "return !document.querySelector('#celebration')")
            } else if try await browser.run("return !!document.querySelector('.sheet:not([hidden]) .close')") as? Bool == true {
                try await browser.click(".sheet:not([hidden]) .close")
            } else {
                throw error
            }
            try await browser.click(css)
        }
    }

    static func network(_ browser: Browser, offline: Bool) async throws {
        guard browser.engine == .chromium else { return }
        try await browser.devTools(
            "Network.emulateNetworkConditions", ["offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
    }
}

import Foundation
import Testing
import WorldLayerTestSupport

extension BrowserTests {
    @Test("on a phone with WebXR hit testing, a sticker goes where the tapped surface is on the globe", arguments: Browser.Engine.allCases)
    func placeOnSurface(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("surfacer")
        let (latitude, longitude) = (60.16952, 24.95250)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: latitude, longitude, accuracy: 3, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            // The phone's AR runtime is there before the AR view starts (three.js picks its XR
            // manager when the renderer is made).
            _ = try await browser.run(FakeXRDevice.install)
            _ = try await browser.run("location.hash = '#/ar'")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            // Facing east (a compass event: alpha counts counter-clockwise from north).
            _ = try await browser.run(
                "window.dispatchEvent(new DeviceOrientationEvent('deviceorientationabsolute', { alpha: 270, beta: 90, gamma: 0, absolute: true }))"
            )
            #expect(try await browser.run("return window.worldlayerAR.pose.heading") as? Double == 90)
            try await browser.click("#place-sticker")
            try await browser.element("#place-on-surface")
            try await browser.type("#place-text", "On the wall")
            try await browser.click("#place-on-surface")
            _ = try await browser.waitFor("the AR session running", "return window.fakeXR.session && window.fakeXR.frames > 3")
            #expect(
                try await browser.run("return document.querySelector('.xr-overlay .hint')?.textContent") as? String
                    == "Point at a surface and tap where the sticker goes.")
            // A tap with no surface found places nothing; then a surface 3 m ahead, 1 m right, 1.4 m down.
            _ = try await browser.run("window.fakeXR.tap()")
            _ = try await browser.run("window.fakeXR.hit = { x: 1, y: -1.4, z: -3 }")
            let seen = try await browser.run("return window.fakeXR.frames") as? Int ?? 0
            _ = try await browser.waitFor("a frame with the hit", "return window.fakeXR.frames > arguments[0] + 2", [seen])
            _ = try await browser.run("window.fakeXR.tap()")
            try await browser.element("#placed")
            #expect(try await browser.run("return document.querySelector('.xr-overlay') === null") as? Bool == true)

            let mine = try await server.request("GET", "/v1/me/stickers", token: token)
            let stickers =
                (try JSONSerialization.jsonObject(with: Data(mine.text.utf8)) as? [String: Any])?["stickers"] as? [[String: Any]] ?? []
            let placed = try #require(stickers.first { $0["text"] as? String == "On the wall" }, "\(mine.text)")
            #expect(placed["state"] as? String == "published")
            let anchor = try #require(placed["anchor"] as? [String: Double])
            // The Swift geo engine puts that anchor back at the hit, seen from where the phone stood facing east.
            let r = try CLI.run([
                "geo", "place", "--device-latitude=\(latitude)", "--device-longitude=\(longitude)", "--device-altitude=0", "--heading=90",
                "--anchor-latitude=\(anchor["latitude"]!)", "--anchor-longitude=\(anchor["longitude"]!)",
                "--anchor-altitude=\(anchor["altitude"]!)",
                "--altitude-mode", "absolute",
            ])
            try #require(r.status == 0, "\(r.stderr)")
            let xyz = r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }.prefix(3)
            #expect(zip(xyz, [1, -1.4, -3]).allSatisfy { abs($0 - $1) < 0.01 }, "Swift places the sticker at \(Array(xyz))")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

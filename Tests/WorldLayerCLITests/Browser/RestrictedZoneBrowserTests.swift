import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' restricted areas, as a person meets them: the placing form says so before anything is
/// typed, and a refusal that comes only from the server (a zone made meanwhile) is said in words too.
@Suite("Restricted zones on screen in Chromium and WebKit", .serialized)
struct RestrictedZoneBrowserTests {
    /// A square zone of `half` metres' half side around a point, as `worldlayer zone add` takes it.
    static func square(_ latitude: Double, _ longitude: Double, half: Double = 30) -> String {
        let dLat = half / 111_320, dLon = half / (111_320 * cos(latitude * .pi / 180))
        return [(-1.0, -1.0), (-1, 1), (1, 1), (1, -1)].map { "\(latitude + $0.0 * dLat),\(longitude + $0.1 * dLon)" }.joined(
            separator: " ")
    }

    @Test(
        "inside a restricted zone the placing form says so before anything is typed; a zone made meanwhile is refused by the server, in words",
        arguments: Browser.Engine.allCases)
    func refusedOnScreen(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let db = BrowserTests.worlds[engine]!
        let token = try await server.signUpAndLogIn("wreathlayer")
        let garden = (60.16555, 24.93310), later = (60.16640, 24.93310)
        let zone = ["zone", "add", "--name", "Garden of Remembrance", "--kind", "memorial", "--database", db]
        #expect(try CLI.run(zone + ["--polygon", Self.square(garden.0, garden.1)]).status == 0)

        try await Browser.using(engine, allowing: ["/v1/stickers/"]) { browser in  // the server's refusal, provoked below
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.stand(at: garden.0, garden.1, accuracy: 4, origin: server.base)
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await browser.click("#place-sticker")
            let said = try await browser.waitOnScreen("#place-restricted")
            #expect(said.contains("Garden of Remembrance, a memorial") && said.contains("step outside"), "\(said)")
            #expect(try await browser.run("return document.querySelector('#place-form') === null") as? Bool == true)
            try await BrowserTests.screenshot(browser, "ar-restricted")

            // Somewhere free, the form opens; a zone drawn there meanwhile is the server's to refuse.
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: later.0, later.1, accuracy: 4, origin: server.base)
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor(
                "a position in AR outside the garden", "return window.worldlayerAR?.pose.latitude > 60.1663 || null")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "Thank you")
            #expect(
                try CLI.run([
                    "zone", "add", "--name", "New Memorial", "--kind", "memorial", "--database", db, "--polygon",
                    Self.square(later.0, later.1),
                ])
                .status == 0)
            try await browser.click("#place-submit")
            let refused = try await browser.waitOnScreen("#place-error")
            #expect(refused == "Stickers are not allowed here: this spot is in New Memorial. Step away and try again.", "\(refused)")
        }
        let mine = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/me/stickers", token: token).text)
        #expect((mine["stickers"] as? [Any])?.isEmpty == true, "nothing was placed")
    }
}

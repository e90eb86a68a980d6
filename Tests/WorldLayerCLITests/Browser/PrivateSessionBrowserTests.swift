import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' private sessions: stickers kept on the phone only, never uploaded, even without an account.
@Suite("Private sessions in Chromium and WebKit", .serialized)
struct PrivateSessionBrowserTests {
    @Test(
        "a private session keeps a sticker on this phone only: drawn in AR, there again after leaving, listed in Me, never on the server; deleted from the phone",
        arguments: Browser.Engine.allCases)
    func keptOnThePhone(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let here = (60.17110, 24.94180)
        let words = "Note to self \(UUID().text.prefix(6))"
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: here.0, here.1, accuracy: 4, origin: server.base)
            // Signed out: placing needs an account, unless the sticker stays on the phone.
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            #expect(try await browser.waitOnScreen("#private-session") == "Private session: off")
            try await browser.click("#private-session")
            #expect(try await browser.waitOnScreen("#private-session") == "Private session: on")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", words)
            try await browser.click("#place-submit")
            #expect(try await browser.waitOnScreen("#placed") == "Kept on this phone only.")
            let drawn = "return window.worldlayerAR?.objects().some((o) => o.text === arguments[0] && o.visible) || null"
            _ = try await browser.waitFor("the sticker in AR", drawn, [words])
            try await BrowserTests.screenshot(browser, "private-session")

            // Away and back: still there, from the phone.
            try await browser.open(server.base + "/#/me")
            let listed = try await browser.waitOnScreen("#private-stickers li")
            #expect(listed.hasPrefix(words), "\(listed)")
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("the sticker in AR again", drawn, [words])

            // Nobody else has it: the server never saw it.
            let nearby = try await server.request("GET", "/v1/stickers/nearby?latitude=\(here.0)&longitude=\(here.1)&radius=50")
            #expect(nearby.status == 200 && !nearby.text.contains(words))

            try await browser.open(server.base + "/#/me")
            try await browser.click("#private-stickers li button")
            _ = try await browser.waitFor("the list emptied", "return document.querySelector('#private-stickers li') === null")
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await Task.sleep(nanoseconds: 1_500_000_000)
            #expect(
                try await browser.run("return window.worldlayerAR.objects().some((o) => o.text === arguments[0])", [words]) as? Bool
                    == false,
                "deleted from the phone")
        }
    }
}

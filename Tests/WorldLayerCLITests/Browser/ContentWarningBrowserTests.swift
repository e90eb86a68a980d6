import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' content warnings in the phone's browser: the author ticks "graphic" or "adults only"
/// when placing; others see such a sticker blurred behind its warning until they tap it; an
/// adults-only one never reaches a 16-year-old.
@Suite("Content warnings in the client, in Chromium and WebKit", .serialized)
struct ContentWarningBrowserTests {
    @Test(
        "placing with 'graphic' ticked; a follower's feed blurs it behind the warning until tapped; an adults-only sticker is veiled for an adult and absent for a 16-year-old",
        arguments: Browser.Engine.allCases)
    func warnings(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("storm\(engine)")
        let follower = try await server.signUpAndLogIn("chaser\(engine)")
        let teen = try await server.signUpAndLogIn(
            "youngster\(engine)", birthday: "\(Calendar.current.component(.year, from: Date()) - 16)-01-01")
        for token in [follower, teen] {
            #expect(try await server.request("PUT", "/v1/me/follows/storm\(engine)", token: token).status == 200)
        }
        try await Browser.using(engine) { browser in
            // The author ticks "graphic" in the placing form.
            try await browser.open(server.base + "/#/discover")
            // Away from where other suites stand and count what they see (an adults-only sticker is
            // in a signed-in adult's scene and not in a signed-out one's).
            try await browser.stand(at: 60.16610, 24.94300, accuracy: 4, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [maker])
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "Hail damage on the roof")
            try await browser.openMorePlacingOptions()
            try await browser.click("#warning-graphic")
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the new sticker", "return window.worldlayerAR.objects().find(x => x.text === 'Hail damage on the roof') ?? null")
            let graphic = try #require((made as? [String: Any])?["id"] as? String)
            #expect((made as? [String: Any])?["veiled"] as? Bool == true, "AR draws the warning, not the sticker")
            let stored = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/stickers/\(graphic)", token: maker).text)
            #expect(stored["contentWarnings"] as? [String] == ["graphic"], "\(stored)")

            // An adults-only one, placed through the API.
            let adultOnly = UUID().uuidString.lowercased()
            let body =
                ##"{"templateId":"sticky-note","text":"Late bar tab","tags":[],"color":"#FFD60A","size":0.5,"orientation":[0,0,0,1],"##
                + ##""anchor":{"latitude":60.16613,"longitude":24.94302,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[],"##
                + ##""contentWarnings":["age-restricted"]}"##
            #expect(try await server.request("PUT", "/v1/stickers/\(adultOnly)", json: body, token: maker).status == 201)
            #expect(try await server.request("POST", "/v1/stickers/\(adultOnly)/place", token: maker).status == 200)

            // The follower's feed: both veiled, each saying why; a tap shows the sticker itself.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [follower])
            try await browser.open(server.base + "/#/feed")
            let veil = "#feed [data-sticker='\(graphic)'] .veil"
            try await browser.element(veil)
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [veil])
            #expect(try await browser.waitOnScreen(veil).contains("Content warning: graphic"))
            let blur = try await browser.run(
                "return getComputedStyle(document.querySelector(arguments[0])).filter",
                ["#feed [data-sticker='\(graphic)'] .veiled-content"])
            #expect((blur as? String)?.contains("blur") == true, "\(blur ?? "none")")
            #expect(try await browser.text("#feed [data-sticker='\(adultOnly)'] .veil").contains("adults only"))
            try await BrowserTests.screenshot(browser, "content-warning-feed")
            try await browser.click(veil)
            let shown = "#feed [data-sticker='\(graphic)'] strong"
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [shown])
            #expect(try await browser.waitOnScreen(shown) == "Hail damage on the roof")
            #expect(try await browser.run("return document.querySelector(arguments[0]) === null", [veil]) as? Bool == true)

            // The 16-year-old, on the same phone: the graphic one veiled again (the tap was someone
            // else's choice), and no adults-only one.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [teen])
            try await browser.open(server.base + "/#/me")
            try await browser.open(server.base + "/#/feed")
            try await browser.element("#feed [data-sticker='\(graphic)'] .veil")
            #expect(
                try await browser.run("return document.querySelector(arguments[0]) === null", ["[data-sticker='\(adultOnly)']"]) as? Bool
                    == true)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

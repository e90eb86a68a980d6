import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' ads in the app: an advertiser writes one where they stand and submits it; once a
/// moderator approves it, people inside its area see it on the map and in AR, labelled sponsored.
@Suite("Ads in Chromium and WebKit", .serialized)
struct AdBrowserTests {
    /// The ad pins on the map, by their title ("Sponsored · who").
    static let pins = "return [...document.querySelectorAll('.ad-pin')].map((e) => e.title)"

    @Test(
        "an advertiser writes an ad where they stand and submits it; approved, it shows on the map and in AR to someone inside its area, labelled sponsored, and to no one 1 km away",
        arguments: Browser.Engine.allCases)
    func ads(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let shop = try await server.signUpAndLogIn("kioski\(engine)")
        let walker = try await server.signUpAndLogIn("stroller\(engine)")
        let moderator = try await server.signUpAndLogIn("adcheck\(engine)")
        let db = BrowserTests.worlds[engine]!
        let brand = "Kioski \(engine)"
        #expect(try CLI.run(["user", "advertiser", "kioski\(engine)", "--name", brand, "--database", db]).status == 0)
        #expect(try CLI.run(["user", "role", "adcheck\(engine)", "moderator", "--database", db]).status == 0)
        let label = "Sponsored · \(brand)"
        // By the sea in Kaivopuisto, well away from where other suites stand (an ad shows in their AR too).
        let (latitude, longitude) = (60.15900, 24.96000)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: latitude, longitude, accuracy: 5, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [walker])
            try await browser.open(server.base + "/#/me")
            try await browser.waitOnScreen("#hello")
            #expect(try await browser.run("return document.querySelector('#open-ads') === null") as? Bool == true, "only advertisers")

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [shop])
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-ads")
            try await browser.element("#ad-form")
            try await browser.type("#ad-text", "Ice cream, 20 m ahead")
            _ = try await browser.run("document.querySelector('#ad-radius').value = '250'")
            _ = try await browser.run("document.querySelector('#ad-length').value = '604800'")
            try await browser.click("#ad-save")
            let draft = "#my-ads li.ad-draft"
            try await browser.element(draft)
            // A draft can be changed before it is submitted: the same ad, its new words.
            try await browser.click("\(draft) .ad-edit")
            _ = try await browser.run("document.querySelector('#ad-text').value = ''")
            try await browser.type("#ad-text", "Ice cream and coffee, 20 m ahead")
            try await browser.click("#ad-save")
            _ = try await browser.waitFor(
                "the draft changed", "return document.querySelector('#my-ads li.ad-draft strong')?.textContent === arguments[0]",
                ["Ice cream and coffee, 20 m ahead"])
            #expect(try await browser.run("return document.querySelectorAll('#my-ads li').length") as? Int == 1, "edited, not added")
            try await browser.click("\(draft) .ad-submit")
            let pending = "#my-ads li.ad-pending .ad-status"
            try await browser.element(pending)
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [pending])
            #expect(try await browser.waitOnScreen(pending).contains("Waiting for a moderator"))
            try await BrowserTests.screenshot(browser, "ads-advertiser")

            let mine = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/me/ads", token: shop).text)
            let ad = try #require((mine["ads"] as? [[String: Any]])?.first)
            let adID = try #require(ad["id"] as? String)
            let area = ((ad["draft"] as? [String: Any])?["area"] as? [String: Any])?["ring"] as? [[String: Double]] ?? []
            #expect(area.count == 24, "a circle around where the advertiser stood")
            #expect(try await server.request("POST", "/v1/moderation/ads/\(adID)/approve", json: "{}", token: moderator).status == 200)

            // Someone standing inside: an "Ad" pin on the map whose sheet says who pays for it.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [walker])
            try await browser.open(server.base + "/#/map")
            let pinned = try await browser.waitFor("the ad on the map", "\(Self.pins).includes(arguments[0]) || null", [label])
            #expect(pinned as? Bool == true)
            try await browser.click(".ad-pin[title='\(label)']")
            #expect(try await browser.waitOnScreen("#ad-sheet .sponsored") == label)
            #expect(try await browser.text("#ad-sheet").contains("Ice cream and coffee, 20 m ahead"))
            try await BrowserTests.screenshot(browser, "ads-map")

            // And in AR, as a card carrying the label.
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            let card = try await browser.waitFor(
                "the ad in AR", "return window.worldlayerAR?.objects().find((o) => o.kind === 'ad' && o.id === arguments[0]) ?? null",
                ["ad-\(adID)"])
            #expect((card as? [String: Any])?["kind"] as? String == "ad")
            _ = try await browser.run("window.worldlayerAR.open(arguments[0])", ["ad-\(adID)"])
            #expect(try await browser.waitOnScreen("#ad-sheet .sponsored") == label)

            // A kilometre away it is not shown.
            try await browser.stand(at: latitude + 0.009, longitude, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/map")
            _ = try await browser.waitFor("the map where I now stand", "return document.querySelector('#map')?.dataset.ads ?? null")
            #expect((try await browser.run(Self.pins) as? [String] ?? []).contains(label) == false)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

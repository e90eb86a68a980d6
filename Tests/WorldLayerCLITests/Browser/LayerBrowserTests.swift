import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' layers on the map: "People and tags I follow" draws only what comes from them (and
/// mine); "Everything public" draws the stranger's too; the choice stays on the phone.
@Suite("Sticker layers in Chromium and WebKit", .serialized)
struct LayerBrowserTests {
    /// The labels of the stickers the map draws (each marker's tooltip), read off the map itself.
    static let drawnLabels = """
        const texts = [];
        window.worldlayerMap?.eachLayer((l) => { const tip = l.getTooltip?.(); if (tip && l.options.pane === 'stickers') texts.push(tip.getContent().textContent); });
        return texts.sort().join('|');
        """

    @Test(
        "the map on the following layer draws a followed person's and a followed tag's stickers, not a stranger's; the public layer draws all three; the choice is kept",
        arguments: Browser.Engine.allCases)
    func followingLayer(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let me = "layerme\(engine.rawValue)", friend = "layerfriend\(engine.rawValue)", stranger = "layerstranger\(engine.rawValue)"
        let token = try await server.signUpAndLogIn(me)
        let friendToken = try await server.signUpAndLogIn(friend), strangerToken = try await server.signUpAndLogIn(stranger)
        #expect(try await server.api.call(.put, "/v1/me/follows/\(friend)", token: token).status.code < 300)
        #expect(try await server.api.call(.put, "/v1/me/tags/kanttarelli", token: token).status.code < 300)
        // Far from the demo's stickers, each browser engine in a place of its own.
        let north = engine == .chromium ? 7_000.0 : 7_600.0
        func place(_ text: String, _ east: Double, _ by: String, tags: [String] = ["#Demo"]) async throws {
            let id = UUID().text
            let draft = Fixtures.sticker(text: text).with {
                $0.anchor = Fixtures.anchor(north: north, east: east)
                $0.tags = tags
            }
            #expect(try await server.api.call(.put, "/v1/stickers/\(id)", json: draft, token: by).status == .created)
            #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: by).status == .ok)
        }
        try await place("friend's note", 0, friendToken)
        try await place("chanterelles here", 15, strangerToken, tags: ["kanttarelli"])
        try await place("stranger's note", 30, strangerToken)
        let here = Fixtures.anchor(north: north, east: 15)

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: here.latitude, here.longitude, accuracy: 5, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.open(server.base + "/#/map")
            try await browser.waitOnScreen("#layer-picker")
            _ = try await browser.run(
                "const s = document.querySelector('#layer-picker'); s.value = 'following'; s.dispatchEvent(new Event('change')); return null"
            )
            let following = try await browser.waitFor(
                "the following layer drawn",
                "const t = (() => { \(Self.drawnLabels) })(); return t === \"chanterelles here|friend's note\" ? t : null")
            #expect(following as? String == "chanterelles here|friend's note")
            try await BrowserTests.screenshot(browser, "layer-following")

            // Kept on the phone: the map opened again is still on it; the public layer draws the stranger's too.
            try await browser.open(server.base + "/#/me")
            try await browser.open(server.base + "/#/map")
            #expect(
                try await browser.waitFor("the kept layer", "return document.querySelector('#layer-picker')?.value || null") as? String
                    == "following")
            _ = try await browser.run(
                "const s = document.querySelector('#layer-picker'); s.value = 'public'; s.dispatchEvent(new Event('change')); return null")
            _ = try await browser.waitFor(
                "the public layer drawn",
                "const t = (() => { \(Self.drawnLabels) })(); return t.includes(\"stranger's note\") && t.includes(\"friend's note\") ? t : null"
            )
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// A private map's owner makes an invite link in the app; the renter who opens it signs in, joins,
/// and sees the map's sticker on their own screen. The owner can delete the map there too.
@Suite("Invite links to a private map in Chromium and WebKit", .serialized)
struct InviteLinkBrowserTests {
    @Test(
        "an owner's single-use invite link joins the renter who opens it; the renter then sees the map's sticker; the owner deletes the map",
        arguments: Browser.Engine.allCases)
    func inviteJoinsAndShows(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let owner = "landlady\(engine.rawValue)", renter = "renter\(engine.rawValue)"
        let ownerToken = try await server.signUpAndLogIn(owner)
        _ = try await server.signUpAndLogIn(renter)
        let mapName = "Flat 4B \(engine.rawValue)"
        let made = try await server.api.call(
            .post, "/v1/worldmaps",
            json: NewPrivateWorldmap(name: mapName, latitude: Fixtures.helsinki.latitude, longitude: Fixtures.helsinki.longitude),
            token: ownerToken)
        let map = try #require(made.json["id"] as? String)
        let note = UUID().text, text = "Bins go out on Tuesdays \(engine.rawValue)"
        #expect(
            try await server.api.call(.put, "/v1/stickers/\(note)", json: Fixtures.sticker(text: text, worldmapId: map), token: ownerToken)
                .status == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(note)/place", token: ownerToken).status == .ok)

        try await Browser.using(engine, allowing: ["/v1/stickers/"]) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [ownerToken])
            try await browser.open(server.base + "/#/me")
            let card = "#my-maps li[data-map='\(map)']"
            try await browser.click("\(card) .invite-form button[type=submit]")
            let link = try #require(
                try await browser.waitFor(
                    "the link shown", "return document.querySelector(arguments[0])?.value || null", ["\(card) .invite-link"])
                    as? String)
            #expect(link.hasPrefix(server.base + "/#/join/wli_"), "\(link)")
            #expect(try await browser.waitOnScreen("\(card) .invite-shown").contains("Invite link"))

            // The renter's phone: signed out, the link asks to sign in, then joins and opens the map.
            _ = try await browser.run("localStorage.removeItem('worldlayer.token'); return null")
            try await browser.open(link)
            try await browser.waitOnScreen("#login-form")  // first: the link asked for signing in
            try await browser.type("#login-login", renter)
            try await browser.type("#login-password", Fixtures.password)
            try await browser.click("#login-form button[type=submit]")
            _ = try await browser.waitFor("the map open", "return location.hash === '#/map' || null")
            try await browser.open(server.base + "/#/map/sticker/\(note)")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == text)
            try await BrowserTests.screenshot(browser, "invited-member")

            // The owner deletes the map from the same screen; it goes for its member too.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [ownerToken])
            try await browser.open(server.base + "/#/me")
            try await browser.click("\(card) .map-delete")
            try await browser.click("\(card) .map-delete")
            _ = try await browser.waitFor("the map gone", "return document.querySelector(arguments[0]) === null || null", [card])
        }
        let renterToken = try await server.api.logIn(renter)
        #expect(try await server.api.call(.get, "/v1/stickers/\(note)", token: renterToken).status == .notFound)
    }
}

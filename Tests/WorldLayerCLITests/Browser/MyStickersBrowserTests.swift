import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// Deleting my own sticker from Me: asked again first, as nothing brings it back.
@Suite("My stickers in Chromium and WebKit", .serialized)
struct MyStickersBrowserTests {
    @Test(
        "my sticker's Delete on Me asks for a second tap, which deletes it from my list and the server and says so",
        arguments: Browser.Engine.allCases)
    func deleteByTap(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("tidy\(engine.rawValue)")
        let id = UUID().uuidString.lowercased(), text = "Lost glove \(engine.rawValue)"
        #expect(try await server.api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: text), token: token).status == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.open(server.base + "/#/me")
            let row = "#my-stickers li:first-child"
            #expect(try await browser.element(row).isEmpty == false)
            #expect(try await browser.text(row).contains(text))
            try await browser.click("\(row) button")
            #expect(try await browser.waitOnScreen("\(row) button") == "Tap again to delete it")
            #expect(try await browser.text(row).contains(text), "one tap deletes nothing")
            #expect(try await server.api.call(.get, "/v1/stickers/\(id)", token: token).status == .ok)
            try await browser.click("\(row) button")
            #expect(try await browser.waitOnScreen("#status") == "“\(text)” is deleted.")
            _ = try await browser.waitFor(
                "the sticker gone from my list",
                "return !document.querySelector('#my-stickers').textContent.includes(arguments[0]) || null", [text])
        }
        #expect(try await server.api.call(.get, "/v1/stickers/\(id)", token: token).status == .notFound)
    }
}

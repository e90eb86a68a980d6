import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// Blocking someone from their page, a sticker's sheet or after a report, by two taps, with what it means said on screen.
@Suite("Blocking a person in Chromium and WebKit", .serialized)
struct BlockBrowserTests {
    @Test(
        "a person's page blocks them after a second tap; the page says what it means, and their stickers and page are gone for me",
        arguments: Browser.Engine.allCases)
    func blockFromTheirPage(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let pest = "pest\(engine.rawValue)", me = "calm\(engine.rawValue)"
        let pestToken = try await server.signUpAndLogIn(pest)
        let myToken = try await server.signUpAndLogIn(me)
        let id = UUID().uuidString.lowercased()
        #expect(
            try await server.api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "Nuisance"), token: pestToken).status
                == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: pestToken).status == .ok)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [myToken])
            try await browser.open(server.base + "/#/people/\(pest)")
            #expect(try await browser.waitOnScreen("#block-person") == "Block @\(pest)")
            try await browser.click("#block-person")
            #expect(try await browser.waitOnScreen("#block-person").hasPrefix("Tap again to block"))
            try await browser.click("#block-person")
            #expect(try await browser.waitOnScreen("#blocked-note").contains("You blocked @\(pest)"))
        }
        #expect(try await server.api.call(.get, "/v1/stickers/\(id)", token: myToken).status == .notFound)
        #expect(try await server.api.call(.get, "/v1/people/\(pest)", token: myToken).status == .notFound)
    }

    @Test(
        "a sticker's sheet blocks its author after a second tap, and says what it means; my own sticker's sheet offers no block",
        arguments: Browser.Engine.allCases)
    func blockFromStickerSheet(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let pest = "spammer\(engine.rawValue)", me = "walker\(engine.rawValue)"
        let pestToken = try await server.signUpAndLogIn(pest)
        let myToken = try await server.signUpAndLogIn(me)
        let theirs = UUID().uuidString.lowercased(), mine = UUID().uuidString.lowercased()
        for (id, token, text) in [(theirs, pestToken, "Buy now"), (mine, myToken, "My note")] {
            #expect(
                try await server.api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: text), token: token).status == .created)
            #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
        }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [myToken])
            try await browser.open(server.base + "/#/map/sticker/\(mine)")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == "My note")
            try await browser.element("#report-sticker")
            try await Task.sleep(for: .seconds(1))  // /v1/me has answered
            #expect(try await browser.run("return document.querySelector('#block-author')") is NSNull, "no block for my own")

            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/map/sticker/\(theirs)")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == "Buy now")
            // Last among the sheet's actions: scrolled to, as a finger scrolls the sheet.
            try await browser.element("#block-author")
            _ = try await browser.run("document.querySelector('#block-author').scrollIntoView({block: 'center'})")
            #expect(try await browser.waitOnScreen("#block-author") == "Block @\(pest)")
            try await browser.click("#block-author")
            #expect(try await browser.waitOnScreen("#block-author").hasPrefix("Tap again to block"))
            try await browser.click("#block-author")
            #expect(try await browser.waitOnScreen("#blocked-note").contains("You blocked @\(pest)"))
        }
        #expect(try await server.api.call(.get, "/v1/stickers/\(theirs)", token: myToken).status == .notFound)
    }

    @Test(
        "after reporting a sticker, its author is blocked from the same sheet by a second tap, and their sticker is gone for me",
        arguments: Browser.Engine.allCases)
    func blockAfterReport(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let pest = "reportedpest\(engine.rawValue)", me = "reporter\(engine.rawValue)"
        let pestToken = try await server.signUpAndLogIn(pest)
        let myToken = try await server.signUpAndLogIn(me)
        let id = UUID().uuidString.lowercased()
        #expect(
            try await server.api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "Rude words"), token: pestToken).status
                == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: pestToken).status == .ok)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [myToken])
            try await browser.open(server.base + "/#/map/sticker/\(id)")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == "Rude words")
            try await browser.click("#report-sticker")
            try await browser.click("#report-form input[value=offensive]")
            try await browser.click("#report-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#report-done").contains("a moderator will look at it"))
            // Offered under the thanks, in view as the sheet scrolls to it.
            try await browser.element("#block-after-report")
            _ = try await browser.run("document.querySelector('#block-after-report').scrollIntoView({block: 'center'})")
            #expect(try await browser.waitOnScreen("#block-after-report") == "Block @\(pest)")
            try await browser.click("#block-after-report")
            #expect(try await browser.waitOnScreen("#block-after-report").hasPrefix("Tap again to block"))
            try await browser.click("#block-after-report")
            #expect(try await browser.waitOnScreen("#blocked-note").contains("You blocked @\(pest)"))
        }
        #expect(try await server.api.call(.get, "/v1/stickers/\(id)", token: myToken).status == .notFound)
    }
}

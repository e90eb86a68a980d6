import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// Following a person by taps, from Discover's people search and from their page, with the
/// button and their follower count saying so at once.
@Suite("Following people in Chromium and WebKit", .serialized)
struct FollowBrowserTests {
    @Test(
        "a person found in Discover's search is followed with one tap; their page then says Following and counts me; a tap there unfollows",
        arguments: Browser.Engine.allCases)
    func followByTaps(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let poet = "poet\(engine.rawValue)", reader = "reader\(engine.rawValue)"
        _ = try await server.signUpAndLogIn(poet)
        let readerToken = try await server.signUpAndLogIn(reader)

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [readerToken])
            try await browser.open(server.base + "/#/discover")
            try await browser.type("#people-search", poet)
            let row = "#people li:first-child"
            #expect(try await browser.waitOnScreen("\(row) a").contains("@\(poet)"))
            #expect(try await browser.waitOnScreen("\(row) button.follow") == "Follow")
            try await browser.click("\(row) button.follow")
            _ = try await browser.waitFor(
                "the button to say Following", "return document.querySelector(arguments[0])?.textContent.includes('Following') || null",
                ["\(row) button.follow"])

            // Their page: Following, and one follower (me); a tap unfollows and the count follows.
            try await browser.click("\(row) a")
            #expect(try await browser.waitOnScreen("#screen button.follow").contains("Following"))
            #expect(try await browser.waitOnScreen("#follower-count") == "1")
            try await browser.click("#screen button.follow")
            _ = try await browser.waitFor(
                "the count to drop", "return document.querySelector('#follower-count').textContent === '0' || null")
            #expect(try await browser.waitOnScreen("#screen button.follow") == "Follow")
            try await BrowserTests.screenshot(browser, "person-unfollowed")
        }
        let card = try await server.api.call(.get, "/v1/people/\(poet)", token: readerToken)
        #expect(card.json["following"] as? Bool == false)
    }
}

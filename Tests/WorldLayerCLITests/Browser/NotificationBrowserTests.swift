import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// A private account's owner hears of a follow request on the bell, live, and answers it in the
/// inbox; the asker's button says plainly that they asked.
@Suite("Follow requests and the inbox in Chromium and WebKit", .serialized)
struct NotificationBrowserTests {
    @Test(
        "asking to follow a private account by a tap; the owner's bell counts it live; the inbox approves it; names stay text",
        arguments: Browser.Engine.allCases)
    func followRequestThroughTheBell(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let owner = "owner\(engine.rawValue)", asker = "asker\(engine.rawValue)", other = "other\(engine.rawValue)"
        let ownerToken = try await server.signUpAndLogIn(owner)
        let askerToken = try await server.signUpAndLogIn(asker)
        // A display name that would be markup if it were put in as HTML.
        var hostile = Fixtures.signUp(other)
        hostile.displayName = "<img src=x onerror=alert(1)>"
        #expect(try await server.api.call(.post, "/v1/accounts", json: hostile).status == .created)
        let otherToken = try await server.api.logIn(other)
        #expect(try await server.api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: ownerToken).status == .ok)

        // A private account's follower lists are its owner's: the asker's page is refused them (403) and shows no counts.
        try await Browser.using(engine, allowing: ["/followers", "/following"]) { browser in
            // The asker taps "Ask to follow" on the owner's page.
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [askerToken])
            try await browser.open(server.base + "/#/people/\(owner)")
            #expect(try await browser.waitOnScreen("#screen button.follow") == "Ask to follow")
            try await browser.click("#screen button.follow")
            _ = try await browser.waitFor(
                "the button to say so", "return document.querySelector('#screen button.follow').textContent.startsWith('Asked') || null")

            // The owner's phone: the bell counts one, and a second request arrives while the map is open.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [ownerToken])
            try await browser.open(server.base + "/#/feed")
            #expect(try await browser.waitOnScreen("#bell .count") == "1")
            #expect(try await server.api.call(.put, "/v1/me/follows/\(owner)", token: otherToken).status == .accepted)
            _ = try await browser.waitFor(
                "the bell to count two", "return document.querySelector('#bell .count').textContent === '2' || null")
            try await browser.click("#bell")
            #expect(try await browser.waitOnScreen("#inbox li[data-kind='follow_request']").contains("asks to follow you"))
            #expect(try await browser.waitOnScreen("#follow-requests").contains("<img src=x onerror=alert(1)>"))
            #expect(try await browser.run("return document.querySelector('#screen img[src=x]') === null") as? Bool == true)
            try await BrowserTests.screenshot(browser, "inbox-requests")

            // Approving the asker: said on screen, and the bell, read, shows no count.
            try await browser.click("#follow-requests li:first-child button")
            #expect(try await browser.waitOnScreen("#status").contains("@\(asker) follows you now"))
            _ = try await browser.waitFor("the count to go", "return document.querySelector('#bell .count').hidden || null")
        }
        let card = try await server.api.call(.get, "/v1/people/\(owner)", token: askerToken)
        #expect(card.json["following"] as? Bool == true)
        let inbox = try await server.api.call(.get, "/v1/me/notifications", token: askerToken)
        #expect((inbox.json["notifications"] as? [[String: Any]])?.first?["kind"] as? String == "follow_approved")
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// A sticker shared with a few people, its link opened by one of them signed out: the page asks
/// them to sign in, the app opens the sticker once they have.
@Suite("A shared sticker's link in Chromium and WebKit", .serialized)
struct ShareLinkBrowserTests {
    @Test(
        "the link of a sticker shared with me, opened signed out, asks me to sign in and then shows it",
        arguments: Browser.Engine.allCases)
    func sharedLinkSignsIn(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let author = "linkauthor\(engine.rawValue)", friend = "linkfriend\(engine.rawValue)"
        let token = try await server.signUpAndLogIn(author)
        _ = try await server.signUpAndLogIn(friend)
        let id = UUID().text
        let text = "Key under the blue pot \(engine.rawValue)"
        let draft = Fixtures.sticker(text: text, visibility: .shared, sharedWith: [friend])
        #expect(try await server.api.call(.put, "/v1/stickers/\(id)", json: draft, token: token).status == .created)
        #expect(try await server.api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)

        try await Browser.using(engine, allowing: ["/s/", "/v1/stickers/"]) { browser in  // the 404s a signed-out visitor gets
            try await browser.open(server.base + "/s/\(id)")
            let page = try await browser.waitOnScreen("main")
            #expect(page.contains("sign in to see it") && !page.contains(text), "\(page)")
            try await browser.click("a.open")
            try await browser.waitOnScreen("#login-form")  // first: the link asked for signing in
            try await browser.type("#login-login", friend)
            try await browser.type("#login-password", Fixtures.password)
            try await browser.click("#login-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#sticker-sheet h3") == text)
            try await BrowserTests.screenshot(browser, "shared-link")
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' Discover: what is suggested to me, and finding groups to join.
@Suite("Discover's suggestions and groups in Chromium and WebKit", .serialized)
struct DiscoverBrowserTests {
    @Test(
        "Discover suggests popular stickers near me and groups I am not in; a tag is followed and a group found by name is joined and left with one tap; a private group is not found by strangers",
        arguments: Browser.Engine.allCases)
    func suggestionsAndGroups(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let owner = try await server.signUpAndLogIn("sketcher")
        let joiner = try await server.signUpAndLogIn("joiner")
        for (name, isPrivate) in [("Helsinki Sketchers", false), ("Secret Garden Club", true)] {
            let made = try await server.request("POST", "/v1/groups", json: #"{"name":"\#(name)","private":\#(isPrivate)}"#, token: owner)
            #expect(made.status == 201, "\(made.text)")
        }
        // A sticker by someone with a follower ranks among the popular ones near me.
        let id = UUID().text
        let sticker =
            ##"{"templateId":"sticky-note","text":"Sketch meetup here","tags":["sketching"],"color":"#ffd60a","size":0.5,"orientation":[0,0,0,1],"anchor":{"latitude":60.1701,"longitude":24.9386,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(id)", json: sticker, token: owner).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(id)/place", token: owner).status == 200)
        for name in ["fan", "fan2", "fan3"] {  // three per follower: ahead of other tests' stickers in this shared world
            let fan = try await server.signUpAndLogIn(name)
            #expect(try await server.request("PUT", "/v1/me/follows/sketcher", token: fan).status == 200)
        }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/me")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [joiner])
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.element("#books li")
            _ = try await browser.element("#suggestions h3")
            // Below the books and tours, as a person scrolls down.
            _ = try await browser.run("document.querySelector('#suggestions h3').scrollIntoView({ block: 'center' })")
            #expect(try await browser.waitOnScreen("#suggestions h3") == "Suggested for you")
            #expect(try await browser.text("#suggested-groups").contains("Helsinki Sketchers"))
            #expect(try await browser.text("#suggested-groups").contains("Secret Garden Club") == false)
            // Other tests' stickers share this world: the one placed here is among them, not necessarily first.
            try await browser.waitOnScreen("#suggested-stickers li")
            #expect(try await browser.text("#suggested-stickers").contains("Sketch meetup here"))
            try await BrowserTests.screenshot(browser, "discover-suggestions")

            // A tag found by typing is followed with one tap, and the button says so.
            try await browser.type("#tag-search", "sketch")
            _ = try await browser.element("#tags li button.follow")
            _ = try await browser.run("document.querySelector('#tags li').scrollIntoView({ block: 'center' })")
            #expect(try await browser.waitOnScreen("#tags li").contains("#sketching"))
            try await browser.click("#tags li button.follow")
            _ = try await browser.waitFor("followed", "return document.querySelector('#tags li button.follow').textContent === 'Following'")
            let tags = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/me/tags", token: joiner).text)
            #expect(tags["tags"] as? [String] == ["sketching"], "\(tags)")

            try await browser.type("#group-search", "helsinki sk")
            _ = try await browser.element("#groups-found li")
            _ = try await browser.run("document.querySelector('#group-search').scrollIntoView()")  // as a person scrolls down
            let found = try await browser.waitOnScreen("#groups-found li")
            #expect(found.contains("Helsinki Sketchers") && found.contains("1 member") && found.contains("Join"), "\(found)")
            try await browser.click("#groups-found li .join-group")
            _ = try await browser.waitFor(
                "joined", "return document.querySelector('#groups-found li .join-group').textContent === 'Leave'")
            #expect(try await browser.waitOnScreen("#groups-found li").contains("2 members"))
            let mine = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/me/groups", token: joiner).text)
            #expect((mine["groups"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Helsinki Sketchers"])
            try await browser.click("#groups-found li .join-group")
            _ = try await browser.waitFor(
                "left", "return document.querySelector('#groups-found li .join-group').textContent === 'Join'")

            _ = try await browser.run("document.querySelector('#group-search').value = ''")
            try await browser.type("#group-search", "secret")
            // A private group is not found by strangers at all: the search says so, plainly.
            _ = try await browser.waitFor(
                "the answer for 'secret'", "return document.querySelector('#groups-found li')?.textContent.includes('secret')")
            #expect(try await browser.waitOnScreen("#groups-found li") == "No group is called “secret…”.")
        }
    }
}

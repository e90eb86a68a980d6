import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' placing choices: who sees a sticker and how long it lives, chosen when placing and
/// changed later, with its style, by its author.
@Suite("Who sees a sticker, and for how long, in Chromium and WebKit", .serialized)
struct AudienceBrowserTests {
    static func sticker(_ server: RunningServer, _ id: String, token: String) async throws -> (status: Int, json: [String: Any]) {
        let r = try await server.request("GET", "/v1/stickers/\(id)", token: token)
        return (r.status.code, ClientDesignBrowserTests.json(r.text))
    }

    /// Signed in with `token`, standing at (`latitude`, `longitude`) in AR, with a position.
    static func openAR(_ browser: Browser, _ server: RunningServer, token: String, at latitude: Double, _ longitude: Double) async throws {
        try await browser.open(server.base + "/#/discover")
        try await browser.stand(at: latitude, longitude, accuracy: 4, origin: server.base)
        _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
        try await browser.open(server.base + "/#/ar")
        try await browser.enterAR()
        _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
    }

    /// Signed in with `token`, standing at (`latitude`, `longitude`) in AR, the placing form open with `text` typed.
    static func openPlacing(
        _ browser: Browser, _ server: RunningServer, token: String, at latitude: Double, _ longitude: Double, text: String
    ) async throws {
        try await openAR(browser, server, token: token, at: latitude, longitude)
        try await browser.click("#place-sticker")
        try await browser.type("#place-text", text)
    }

    /// Chooses who sees the sticker in the placing form.
    static func choose(_ audience: String, _ browser: Browser) async throws {
        try await browser.openMorePlacingOptions()
        _ = try await browser.run(
            "const s = document.querySelector('#audience'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))", [audience])
    }

    @Test(
        "placing: shared with a group for a day — its members see it, a stranger does not; editing: only me, a new colour and size",
        arguments: Browser.Engine.allCases)
    func audienceAndTimer(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("climber")
        let member = try await server.signUpAndLogIn("belayer")
        let stranger = try await server.signUpAndLogIn("passerby")
        let group = ClientDesignBrowserTests.json(
            try await server.request("POST", "/v1/groups", json: #"{"name":"Rock Wall Crew","private":false}"#, token: maker).text)
        let groupID = try #require(group["id"] as? String)
        #expect(try await server.request("PUT", "/v1/groups/\(groupID)/members/me", token: member).status == 200)
        try await Browser.using(engine) { browser in
            try await Self.openPlacing(browser, server, token: maker, at: 60.16952, 24.95250, text: "Good hold, left hand")
            try await Self.choose("group", browser)
            #expect(try await browser.waitOnScreen("#audience-group") == "Rock Wall Crew")
            // Only the field the choice asks for shows.
            #expect(try await browser.run("return document.querySelector('#audience-people').offsetParent === null") as? Bool == true)
            _ = try await browser.run("document.querySelector('#audience-expires').value = '86400'")
            try await BrowserTests.screenshot(browser, "place-audience")
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the new sticker", "return window.worldlayerAR.objects().find(x => x.text === 'Good hold, left hand')?.id ?? null")
            let id = try #require(made as? String)

            let seen = try await Self.sticker(server, id, token: member)
            #expect(seen.status == 200 && seen.json["visibility"] as? String == "shared", "\(seen.json)")
            let mine = try await Self.sticker(server, id, token: maker)
            #expect(mine.json["sharedWithGroups"] as? [String] == [groupID], "\(mine.json)")
            let expires = try #require((mine.json["expiresAt"] as? String).flatMap(WireJSON.parseTime))
            #expect(abs(expires.timeIntervalSinceNow - 86_400) < 600, "\(expires)")
            #expect(try await Self.sticker(server, id, token: stranger).status == 404)

            // Later, from its sheet: only me, another colour and size; the timer stays.
            _ = try await browser.run("window.worldlayerAR.open(arguments[0])", [id])
            try await browser.element("#edit-form #audience")
            _ = try await browser.run(
                "const s = document.querySelector('#edit-form #audience'); s.value = 'private'; s.dispatchEvent(new Event('change'))")
            _ = try await browser.run("document.querySelector('#edit-color').value = '#3366ff'")
            _ = try await browser.run("document.querySelector('#edit-size').value = '1.5'")
            try await browser.click("#edit-form button[type=submit]")
            try await browser.element("#edited")
            let edited = try await Self.sticker(server, id, token: maker)
            #expect(edited.json["visibility"] as? String == "private" && edited.json["state"] as? String == "published")
            #expect(edited.json["color"] as? String == "#3366FF" && edited.json["size"] as? Double == 1.5, "\(edited.json)")
            let kept = try #require((edited.json["expiresAt"] as? String).flatMap(WireJSON.parseTime))
            #expect(abs(kept.timeIntervalSince(expires)) < 0.002, "the timer stays")
            #expect(try await Self.sticker(server, id, token: member).status == 404)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

extension AudienceBrowserTests {
    @Test(
        "placing a 3D sticker turned a quarter: stored as that turn about the vertical, and drawn turned in AR",
        arguments: Browser.Engine.allCases)
    func turnedModel(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("turner\(engine)")
        try await Browser.using(engine) { browser in
            try await Self.openAR(browser, server, token: maker, at: 60.16400, 24.94100)
            try await browser.click("#place-sticker")
            try await browser.element("#place-template")
            // The billboard, a 3D template that takes text, is offered first; models can be turned.
            #expect(
                try await browser.run("return document.querySelector('#place-template input:checked').value") as? String == "billboard")
            try await browser.type("#place-text", "Turned a quarter")
            _ = try await browser.run(
                "const r = document.querySelector('#place-turn'); r.value = '90'; r.dispatchEvent(new Event('input'))")
            let heading = try await browser.run("return window.worldlayerAR.pose.heading ?? 0") as? Double ?? 0
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the turned sticker", "return window.worldlayerAR.objects().find(x => x.text === 'Turned a quarter') ?? null")
            let object = try #require(made as? [String: Any])
            let id = try #require(object["id"] as? String)
            let angle = -(heading + 90) * .pi / 180
            let stored = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/stickers/\(id)", token: maker).text)
            let q = try #require(stored["orientation"] as? [Double], "\(stored)")
            let expected = [0, sin(angle / 2), 0, cos(angle / 2)]
            #expect(
                zip(q, expected).allSatisfy { abs($0 - $1) < 1e-3 } || zip(q, expected).allSatisfy { abs($0 + $1) < 1e-3 },
                "\(q) vs \(expected)")
            let yaw = try #require(object["yaw"] as? Double)
            #expect(abs(remainder(yaw - angle, 2 * .pi)) < 1e-3, "drawn turned: \(yaw) vs \(angle)")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

extension AudienceBrowserTests {
    @Test(
        "placing on one of my private maps: its members see the sticker, others do not", arguments: Browser.Engine.allCases)
    func onMyPrivateMap(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("mapper\(engine)")
        let insider = try await server.signUpAndLogIn("insider\(engine)")
        let outsider = try await server.signUpAndLogIn("outsider\(engine)")
        let (latitude, longitude) = (60.16500, 24.93500)
        let map = ClientDesignBrowserTests.json(
            try await server.request(
                "POST", "/v1/worldmaps", json: #"{"name":"Climbing club wall","latitude":\#(latitude),"longitude":\#(longitude)}"#,
                token: maker
            ).text)
        let mapID = try #require(map["id"] as? String, "\(map)")
        #expect(try await server.request("PUT", "/v1/worldmaps/\(mapID)/members/insider\(engine)", token: maker).status == 204)
        try await Browser.using(engine) { browser in
            try await AudienceBrowserTests.openPlacing(
                browser, server, token: maker, at: latitude, longitude, text: "Members' route starts here")
            try await AudienceBrowserTests.choose("map", browser)
            #expect(try await browser.waitOnScreen("#audience-map") == "Climbing club wall")
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the sticker", "return window.worldlayerAR.objects().find(x => x.text === \"Members' route starts here\")?.id ?? null")
            let id = try #require(made as? String)
            let seen = try await AudienceBrowserTests.sticker(server, id, token: insider)
            #expect(seen.status == 200 && seen.json["worldmapIsPrivate"] as? Bool == true && seen.json["worldmapId"] as? String == mapID)
            #expect(try await AudienceBrowserTests.sticker(server, id, token: outsider).status == 404)
            #expect(try await server.request("GET", "/v1/stickers/\(id)").status == 404)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

extension AudienceBrowserTests {
    @Test("placing for my followers only: a follower sees it, someone who does not follow me does not", arguments: Browser.Engine.allCases)
    func forMyFollowers(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("poster\(engine)")
        let follower = try await server.signUpAndLogIn("fan\(engine)")
        let stranger = try await server.signUpAndLogIn("nonfan\(engine)")
        #expect(try await server.request("PUT", "/v1/me/follows/poster\(engine)", token: follower).status == 200)
        try await Browser.using(engine) { browser in
            try await AudienceBrowserTests.openPlacing(
                browser, server, token: maker, at: 60.16600, 24.93600, text: "Only for those who follow me")
            try await AudienceBrowserTests.choose("followers", browser)
            // No further field: the choice is the whole answer.
            #expect(try await browser.run("return document.querySelector('#audience-people').offsetParent === null") as? Bool == true)
            #expect(
                try await browser.run("return document.querySelector('#audience').selectedOptions[0].textContent") as? String
                    == "People who follow me")
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the sticker", "return window.worldlayerAR.objects().find(x => x.text === 'Only for those who follow me')?.id ?? null")
            let id = try #require(made as? String)
            let seen = try await AudienceBrowserTests.sticker(server, id, token: follower)
            #expect(seen.status == 200 && seen.json["visibility"] as? String == "followers", "\(seen.json)")
            #expect(try await AudienceBrowserTests.sticker(server, id, token: stranger).status == 404)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

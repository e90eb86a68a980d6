import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// StickARs' moderator, in the app: what waits (a reported sticker, a submitted design, an ad), each
/// decided on screen, and the log of what was done.
@Suite("The moderator's screen in Chromium and WebKit", .serialized)
struct ModerationBrowserTests {
    @Test(
        "the moderator's screen: a reported sticker hidden with a note, a design rejected with its reason, an ad approved; the log says so; others see no way in",
        arguments: Browser.Engine.allCases)
    func moderatorScreen(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let poster = try await server.signUpAndLogIn("graffiti")
        let reporter = try await server.signUpAndLogIn("spamspotter")
        let designer = try await server.signUpAndLogIn("flagmaker")
        let cafe = try await server.signUpAndLogIn("cafeowner")
        let moderator = try await server.signUpAndLogIn("modmaria")
        let db = BrowserTests.worlds[engine]!
        #expect(try CLI.run(["user", "role", "modmaria", "moderator", "--database", db]).status == 0)
        #expect(try CLI.run(["user", "advertiser", "cafeowner", "--name", "Café Owner", "--database", db]).status == 0)

        let stickerID = UUID().text
        let sticker =
            ##"{"templateId":"sticky-note","text":"Buy <i>followers</i>","tags":["deal"],"color":"#ffd60a","size":0.5,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(stickerID)", json: sticker, token: poster).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(stickerID)/place", token: poster).status == 200)
        let report = try await server.request("POST", "/v1/stickers/\(stickerID)/reports", json: #"{"reason":"Spam"}"#, token: reporter)
        let reportID = try #require(ClientDesignBrowserTests.json(report.text)["id"] as? String)

        let preview = try await URLSession.shared.data(from: URL(string: server.base + "/v1/templates/heart/preview")!).0
            .base64EncodedString()
        let design = #"{"id":"flagmaker-flag","name":"My flag","kind":"text","takesText":true,"preview":"\#(preview)"}"#
        #expect(try await server.request("POST", "/v1/templates", json: design, token: designer).status == 201)

        let adID = UUID().text
        let day = ISO8601DateFormatter()
        let ad = """
            {"templateId":"heart","text":"","color":"#ff3366","size":1,"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":5},
             "area":{"ring":[{"latitude":60.167,"longitude":24.932},{"latitude":60.167,"longitude":24.944},{"latitude":60.173,"longitude":24.944},{"latitude":60.173,"longitude":24.932}]},
             "startsAt":"\(day.string(from: Date().addingTimeInterval(-3600)))","endsAt":"\(day.string(from: Date().addingTimeInterval(86_400)))"}
            """
        #expect(try await server.request("PUT", "/v1/ads/\(adID)", json: ad, token: cafe).status == 201)
        #expect(try await server.request("POST", "/v1/ads/\(adID)/submit", token: cafe).status == 200)

        try await Browser.using(engine, allowing: ["/v1/moderation/queue"]) { browser in  // the refusal provoked below
            // A person without the role sees no way in, and the screen refuses them.
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [reporter])
            try await browser.open(server.base + "/#/me")
            try await browser.waitOnScreen("#hello")
            #expect(try await browser.run("return document.querySelector('#open-moderation') === null") as? Bool == true)
            try await browser.open(server.base + "/#/moderation")
            #expect(try await browser.waitOnScreen("#screen .error").contains("moderator"))

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [moderator])
            try await browser.open(server.base + "/#/me")
            try await browser.waitOnScreen("#hello")
            #expect(!(try await browser.text("#screen")).contains("null"), "an absent part is absent, not written out")
            try await browser.click("#open-moderation")
            try await browser.waitOnScreen("#mod-reports-title")
            #expect(
                try await browser.run("return document.querySelector('#mod-feedback') === null") as? Bool == true, "feedback is for admins")
            #expect(!(try await browser.text("#screen")).contains("null"))
            let reported = "#mod-reports li[data-report='\(reportID)']"
            try await browser.click(reported)  // scrolled to, as a person scrolls down
            let card = try await browser.waitOnScreen(reported)
            #expect(card.contains("Buy <i>followers</i>") && card.contains("Spam"), "the sticker's text as text: \(card)")
            try await browser.type("\(reported) .mod-note", "Selling followers is spam.")
            try await BrowserTests.screenshot(browser, "moderation")
            try await browser.click("\(reported) .mod-hide")
            #expect(try await browser.waitOnScreen("\(reported) .mod-done").contains("Hidden everywhere"))

            let designCard = "#mod-templates li[data-template='flagmaker-flag']"
            try await browser.click("\(designCard) .mod-reject")
            #expect(try await browser.waitOnScreen("\(designCard) .error") == "Write the reason first: its author reads it.")
            try await browser.type("\(designCard) .mod-note", "Flags of real countries only.")
            try await browser.click("\(designCard) .mod-reject")
            try await browser.waitOnScreen("\(designCard) .mod-done")

            let adCard = "#mod-ads li[data-ad='\(adID)']"
            #expect(try await browser.text(adCard).contains("Café Owner"))
            try await browser.click("\(adCard) .mod-approve")
            try await browser.waitOnScreen("\(adCard) .mod-done")

            _ = try await browser.waitFor(
                "the log to show the three decisions",
                "return document.querySelectorAll('#mod-log [data-action=hide], #mod-log [data-action=reject_template], #mod-log [data-action=approve_ad]').length >= 3"
            )
            // Other tests moderate in this world too (an ad approved by theirs may be newer): this moderator's line.
            let position = try #require(
                try await browser.waitFor(
                    "@modmaria's approval in the log",
                    "const i = [...document.querySelectorAll('#mod-log li')].findIndex((li) => li.textContent.includes('@modmaria') && li.textContent.includes('approved an ad')); return i >= 0 ? i + 1 : null"
                ) as? Int)
            let line = "#mod-log li:nth-child(\(position))"
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' }); return null", [line])
            try await browser.click(line)
            let latest = try await browser.waitOnScreen(line)
            #expect(latest.contains("@modmaria") && latest.contains("approved an ad"), "\(latest)")
        }

        // What the screen did, as the others see it.
        #expect(try await server.request("GET", "/v1/stickers/\(stickerID)", token: poster).status == 404)
        let outcome = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/me/reports", token: reporter).text)
        let mine = (outcome["reports"] as? [[String: Any]])?.first { $0["id"] as? String == reportID }
        #expect(mine?["status"] as? String == "hidden" && mine?["note"] as? String == "Selling followers is spam.")
        let rejected = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/templates/flagmaker-flag", token: designer).text)
        #expect(rejected["status"] as? String == "rejected" && rejected["rejectReason"] as? String == "Flags of real countries only.")
        let approved = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/ads/\(adID)", token: cafe).text)
        #expect(approved["status"] as? String == "approved")
    }
}

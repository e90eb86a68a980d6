import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// Text from users and OpenStreetMap reaches the page as text: a name that is HTML shows as its
/// characters, and the page's Content-Security-Policy would stop a script that slipped through.
@Suite("Browser client: hostile text stays text", .serialized)
struct SecurityBrowserTests {
    static let payload = "<img src=x onerror=\"window.injected=1\">"

    @Test(
        "a sticker's text and a place's name that are HTML show as text in the map's tooltips; nothing runs",
        arguments: Browser.Engine.allCases)
    func mapTooltipsAreText(engine: Browser.Engine) async throws {
        // A copy of the demo world of its own: the place added here must not show up in other suites.
        let copy = BrowserTests.freshWorld()
        let admin = try CLI.run(
            [
                "user", "create", "--database", copy, "--username", "cartographer", "--email", "c@example.org", "--display-name", "C",
                "--birthday", "1980-01-01",
                "--role", "admin", "--bcrypt-cost", "4",
            ], stdin: "correct horse\n")
        #expect(admin.status == 0, "\(admin.stderr)")
        let server = try await RunningServer(
            database: copy,
            extra: ["--media", BrowserTests.seeded.media, "--web", BrowserTests.root.appendingPathComponent("Web").path, "--tiles", "none"])
        defer { server.stop() }
        let token = try await server.api.logIn("cartographer")
        let place = try await server.request(
            "POST", "/v1/places",
            json: #"{"name":"\#(Self.escaped)","kind":"amenity:cafe","position":{"latitude":60.1700,"longitude":24.9385}}"#, token: token)
        #expect(place.status == 201, "\(place.text)")
        let id = UUID().text
        let sticker =
            ##"{"templateId":"sticky-note","text":"\##(Self.escaped)","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(id)", json: sticker, token: token).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(id)/place", token: token).status == 200)

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            _ = try await browser.run(
                "window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective))"
            )
            _ = try await browser.waitFor(
                "the sticker and place layers",
                "const d = document.querySelector('#map')?.dataset; return Number(d?.stickers || 0) > 0 && Number(d?.places || 0) > 0")
            // Every tooltip opened, as a hover would.
            _ = try await browser.run("window.worldlayerMap.eachLayer((l) => l.getTooltip?.() && l.openTooltip())")
            let tooltips =
                try await browser.run("return [...document.querySelectorAll('.leaflet-tooltip')].map((e) => e.textContent)") as? [String]
                ?? []
            #expect(tooltips.filter { $0 == Self.payload }.count == 2, "\(tooltips.filter { $0.contains("<") })")
            #expect(try await browser.run("return document.querySelectorAll('.leaflet-tooltip img').length") as? Int == 0)
            #expect(try await browser.run("return window.injected === undefined") as? Bool == true)
            // The client itself runs within its own policy.
            #expect(try await browser.run("return window.violations") as? [String] == [])
        }
    }

    /// Whether the element's box lies in the viewport once scrolled to, with readable text.
    @Test(
        "the Me tab says what an open group means; a private group is made, an invitation sent and accepted, all on screen",
        arguments: Browser.Engine.allCases)
    func privateGroups(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let ada = try await server.signUpAndLogIn("gardener"), ben = try await server.signUpAndLogIn("neighbour")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [ada])
            try await browser.open(server.base + "/#/me")
            _ = try await browser.element("#group-form")
            #expect(try await browser.text("#group-explained").contains("Anyone who finds an open group can join it"))
            _ = try await browser.run("document.querySelector('#group-explained').scrollIntoView({block: 'center'})")
            try await browser.waitOnScreen("#group-explained")
            try await browser.type("#group-name", "Quiet garden")
            try await browser.click("#group-form button[type=submit]")
            let card = try await browser.waitFor(
                "the new group",
                "return [...document.querySelectorAll('#my-groups li')].find((e) => e.textContent.includes('Quiet garden'))?.textContent ?? null"
            )
            #expect((card as? String)?.contains("private") == true)
            try await browser.type("#my-groups form input", "neighbour")
            try await browser.click("#my-groups form button[type=submit]")
            _ = try await browser.waitFor(
                "the invitation sent", "return document.querySelector('#status').textContent === 'Invited neighbour.'")
            try await browser.waitOnScreen("#status")

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [ben])
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/me")
            _ = try await browser.waitFor(
                "the invitation", "return document.querySelector('#group-invitations li')?.textContent.includes('Quiet garden') ?? false")
            _ = try await browser.run("document.querySelector('#group-invitations li').scrollIntoView({block: 'center'})")
            try await browser.waitOnScreen("#group-invitations li")
            try await browser.click("#group-invitations button")
            _ = try await browser.waitFor(
                "membership", "return [...document.querySelectorAll('#my-groups li')].some((e) => e.textContent.includes('Quiet garden'))")
            let errors = try await browser.consoleErrors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    static var escaped: String { payload.replacingOccurrences(of: "\"", with: "\\\"") }
}

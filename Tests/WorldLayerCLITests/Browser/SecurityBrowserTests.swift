import Foundation
import Testing

/// Text from users and OpenStreetMap reaches the page as text: a name that is HTML shows as its
/// characters, and the page's Content-Security-Policy would stop a script that slipped through.
@Suite("Browser client: hostile text stays text", .serialized)
struct SecurityBrowserTests {
    static let payload = "<img src=x onerror=\"window.injected=1\">"

    @Test("a sticker's text and a place's name that are HTML show as text in the map's tooltips; nothing runs")
    func mapTooltipsAreText() async throws {
        // A copy of the demo world of its own: the place added here must not show up in other suites.
        let seeded = BrowserTests.seeded.split(separator: "|").map(String.init)
        let copy = CLI.scratchDatabase()
        try FileManager.default.copyItem(atPath: String(seeded[0].dropFirst("sqlite:".count)), toPath: String(copy.dropFirst("sqlite:".count)))
        let admin = try CLI.run(
            ["user", "create", "--database", copy, "--username", "cartographer", "--email", "c@example.org", "--display-name", "C", "--birthday", "1980-01-01",
             "--role", "admin", "--bcrypt-cost", "4"], stdin: "pass word\n")
        #expect(admin.status == 0, "\(admin.stderr)")
        let server = try await RunningServer(
            database: copy, extra: ["--media", seeded[1], "--web", BrowserTests.root.appendingPathComponent("Web").path, "--tiles", "none"])
        defer { server.stop() }
        let token = try #require(try await Self.logIn(server, "cartographer"))
        let place = try await server.request(
            "POST", "/v1/places", json: #"{"name":"\#(Self.escaped)","kind":"amenity:cafe","position":{"latitude":60.1700,"longitude":24.9385}}"#, token: token)
        #expect(place.status == 201, "\(place.body)")
        let id = UUID().uuidString.lowercased()
        let sticker = ##"{"templateId":"sticky-note","text":"\##(Self.escaped)","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(id)", json: sticker, token: token).status == 201)
        #expect(try await server.request("POST", "/v1/stickers/\(id)/place", token: token).status == 200)

        try await Browser.using { browser in
            try await browser.open(server.base + "/#/map")
            _ = try await browser.run("window.violations = []; document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective))")
            _ = try await browser.waitFor("the sticker and place layers", "const d = document.querySelector('#map')?.dataset; return Number(d?.stickers || 0) > 0 && Number(d?.places || 0) > 0")
            // Every tooltip opened, as a hover would.
            _ = try await browser.run("window.worldlayerMap.eachLayer((l) => l.getTooltip?.() && l.openTooltip())")
            let tooltips = try await browser.run("return [...document.querySelectorAll('.leaflet-tooltip')].map((e) => e.textContent)") as? [String] ?? []
            #expect(tooltips.filter { $0 == Self.payload }.count == 2, "\(tooltips.filter { $0.contains("<") })")
            #expect(try await browser.run("return document.querySelectorAll('.leaflet-tooltip img').length") as? Int == 0)
            #expect(try await browser.run("return window.injected === undefined") as? Bool == true)
            // The client itself runs within its own policy.
            #expect(try await browser.run("return window.violations") as? [String] == [])
        }
    }

    static var escaped: String { payload.replacingOccurrences(of: "\"", with: "\\\"") }

    static func logIn(_ server: RunningServer, _ name: String) async throws -> String? {
        let login = try await server.request("POST", "/v1/sessions", json: #"{"login":"\#(name)","password":"pass word"}"#)
        return (try JSONSerialization.jsonObject(with: Data(login.body.utf8)) as? [String: Any])?["token"] as? String
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// NavSB's floor plans: an admin uploads a plan for each level of a building; anyone opening the
/// place's sheet sees the ground floor's and switches levels.
@Suite("Floor plans in Chromium and WebKit", .serialized)
struct FloorPlanBrowserTests {
    @Test(
        "a building's plans for levels 0 and 1: the place's sheet shows the ground floor's, and a tap on 'Level 1' shows that one",
        arguments: Browser.Engine.allCases)
    func floorPlans(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let admin = try await server.signUpAndLogIn("planner\(engine)")
        #expect(try CLI.run(["user", "role", "planner\(engine)", "admin", "--database", BrowserTests.worlds[engine]!]).status == 0)
        let name = "Kaisa House \(engine)"
        let created = try await server.request(
            "POST", "/v1/places",
            json: #"{"name":"\#(name)","kind":"building:university","position":{"latitude":60.17140,"longitude":24.94600}}"#, token: admin)
        let place = try #require(ClientDesignBrowserTests.json(created.text)["id"] as? String, "\(created.text)")
        // Two different pictures (the library's previews) as the plans of two levels.
        for (level, picture) in [("1", "heart"), ("0", "sticky-note")] {
            let png = try await URLSession.shared.data(from: URL(string: server.base + "/v1/templates/\(picture)/preview")!).0
            var put = URLRequest(url: URL(string: server.base + "/v1/places/\(place)/plans/\(level)")!)
            (put.httpMethod, put.httpBody) = ("PUT", png)
            put.setValue("Bearer \(admin)", forHTTPHeaderField: "Authorization")
            put.setValue("image/png", forHTTPHeaderField: "Content-Type")
            let status = (try await URLSession.shared.data(for: put).1 as? HTTPURLResponse)?.statusCode
            #expect(status == 200)
        }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            try await browser.type("#place-search", name)
            try await browser.click(".place-result")
            #expect(try await browser.waitOnScreen("#place-sheet h3") == name)
            let shown = "#floor-plans button[aria-pressed='true']"
            try await browser.element(shown)
            _ = try await browser.run("document.querySelector('#floor-plans').scrollIntoView({block: 'start'})")
            #expect(try await browser.waitOnScreen(shown) == "Level 0", "the ground floor first, though level 1 came first")
            func picture() async throws -> String {
                try await browser.waitFor(
                    "the plan drawn",
                    "const i = document.querySelector('#floor-plan'); return i.complete && i.naturalWidth > 0 ? `${i.alt} ${new URL(i.src).pathname}` : null"
                ) as? String ?? ""
            }
            #expect(try await picture() == "Floor plan, level 0 /v1/places/\(place)/plans/0")
            try await BrowserTests.screenshot(browser, "floor-plans")
            try await browser.click("#floor-plans button[data-level='1']")
            #expect(try await browser.waitOnScreen(shown) == "Level 1")
            #expect(try await picture() == "Floor plan, level 1 /v1/places/\(place)/plans/1")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

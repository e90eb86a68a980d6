import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs: submit my own sticker design from the app and follow its review.
@Suite("My designs in Chromium and WebKit", .serialized)
struct DesignBrowserTests {
    /// Puts a file the page makes itself (from a URL on the server, or a drawn picture) into a file
    /// input, as picking it from the phone's files does.
    static func choose(_ browser: Browser, _ input: String, fetching path: String?, name: String, type: String) async throws {
        let done = try await browser.runAsync(
            """
            const [input, path, name, type] = arguments;
            const bytes = path ? await (await fetch(path)).blob() : await new Promise((resolve) => {
              const c = Object.assign(document.createElement('canvas'), { width: 300, height: 200 });
              const g = c.getContext('2d'); g.fillStyle = '#d22'; g.beginPath(); g.arc(150, 100, 90, 0, 7); g.fill();
              c.toBlob(resolve, 'image/png');
            });
            const files = new DataTransfer();
            files.items.add(new File([bytes], name, { type }));
            const field = document.querySelector(input);
            field.files = files.files;
            field.dispatchEvent(new Event('change'));
            done(field.files.length);
            """, [input, path ?? NSNull(), name, type])
        #expect(done as? Int == 1)
    }

    @Test(
        "submitting a picture and a 3D model as my designs: waiting for a moderator, then rejected with the reason, or approved",
        arguments: Browser.Engine.allCases)
    func designs(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let designer = try await server.signUpAndLogIn("balloonist\(engine)")
        let moderator = try await server.signUpAndLogIn("curator\(engine)")
        #expect(try CLI.run(["user", "role", "curator\(engine)", "moderator", "--database", BrowserTests.worlds[engine]!]).status == 0)
        func mine() async throws -> [[String: Any]] {
            let all = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/templates", token: designer).text)
            return (all["templates"] as? [[String: Any]] ?? []).filter { $0["mine"] as? Bool == true && $0["builtIn"] as? Bool != true }
        }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [designer])
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-designs")
            try await browser.element("#design-form")
            try await browser.type("#design-name", "Red balloon")
            try await Self.choose(browser, "#design-file", fetching: nil, name: "balloon.png", type: "image/png")
            try await browser.click("#design-submit")
            let first = "#my-designs li.design-pending .design-status"
            try await browser.element(first)
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [first])
            #expect(try await browser.waitOnScreen(first).contains("Waiting for a moderator"))
            let picture = try #require(try await mine().first { $0["name"] as? String == "Red balloon" })
            #expect(picture["kind"] as? String == "image" && picture["status"] as? String == "pending", "\(picture)")
            let pictureID = try #require(picture["id"] as? String)
            #expect(pictureID.hasPrefix("balloonist\(engine)-red-balloon-"))
            // Its preview is the picture, fitted into a square PNG, as the server checks.
            let preview = try await browser.runAsync(
                "const r = await fetch(arguments[0], { headers: { Authorization: `Bearer ${arguments[1]}` } }); done(r.status + ' ' + r.headers.get('content-type'))",
                ["/v1/templates/\(pictureID)/preview", designer])
            #expect(preview as? String == "200 image/png")

            // A 3D model: the page draws its preview with three.js.
            _ = try await browser.run(
                "const k = document.querySelector('#design-kind'); k.value = 'model'; k.dispatchEvent(new Event('change'))")
            try await browser.type("#design-name", "Toadstool")
            try await Self.choose(
                browser, "#design-file", fetching: "/v1/templates/mushroom/asset", name: "toadstool.glb", type: "model/gltf-binary")
            try await browser.click("#design-submit")
            _ = try await browser.waitFor("two designs", "return document.querySelectorAll('#my-designs li.design-pending').length === 2")
            let model = try #require(try await mine().first { $0["name"] as? String == "Toadstool" })
            #expect(model["kind"] as? String == "model", "\(model)")
            let modelID = try #require(model["id"] as? String)

            // A moderator rejects the picture with a reason and approves the model; the designer reads both.
            let rejected = try await server.request(
                "POST", "/v1/templates/\(pictureID)/reject", json: #"{"reason":"Too much like a brand's logo"}"#, token: moderator)
            #expect(rejected.status == 200, "\(rejected.text)")
            #expect(try await server.request("POST", "/v1/templates/\(modelID)/approve", json: "{}", token: moderator).status == 200)
            try await browser.open(server.base + "/#/me")
            try await browser.click("#open-designs")
            let refusal = "#my-designs li[data-template='\(pictureID)'] .design-status"
            try await browser.element(refusal)
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [refusal])
            #expect(try await browser.waitOnScreen(refusal) == "Not approved: Too much like a brand's logo")
            try await BrowserTests.screenshot(browser, "designs")
            let approval = "#my-designs li[data-template='\(modelID)'] .design-status"
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [approval])
            #expect(try await browser.waitOnScreen(approval).contains("Approved"))
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

import Foundation
import Testing
import WorldLayerCore

/// The AR study book's other kinds of target: a picture that shows a 3D model (turned and zoomed
/// with the fingers), one that plays a sound, one that offers a link. Chromium only: WebKitGTK has
/// no fake camera to show the page to.
@Suite("A book's models, sounds and links in Chromium", .serialized)
struct BookContentBrowserTests {
    static let root = BrowserTests.root

    /// A book bundle of three demo pages whose targets show a model, a sound and a link.
    static func bundle() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-book-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
        for page in ["coffee", "coins", "astronaut"] {
            try fm.copyItem(
                at: root.appendingPathComponent("demo/book/pages/\(page).jpg"), to: folder.appendingPathComponent("pages/\(page).jpg"))
        }
        try fm.copyItem(
            at: root.appendingPathComponent("Sources/WorldLayerServices/Resources/Templates/mushroom.glb"),
            to: folder.appendingPathComponent("media/mushroom.glb"))
        try fm.copyItem(
            at: root.appendingPathComponent("Tests/WorldLayerServerTests/Media/tone-3s.mp3"),
            to: folder.appendingPathComponent("media/tone.mp3"))
        try """
        format: worldlayer-book/1
        id: 5b0e6f0e-3f57-4f38-9d0c-7c3d2a1b9e01
        slug: "things-that-do-things"
        title: "Things that do things"
        authors: ["WorldLayer tests"]
        description: "A model, a sound and a link."
        language: "en"
        targets:
          - id: 0c3b6a8e-1d2f-4e5a-8b7c-9d0e1f2a3b41
            name: "A cup with a mushroom"
            image: "pages/coffee.jpg"
            width: 0.12
            model: "media/mushroom.glb"
          - id: 0c3b6a8e-1d2f-4e5a-8b7c-9d0e1f2a3b42
            name: "Coins that ring"
            image: "pages/coins.jpg"
            width: 0.12
            audio: "media/tone.mp3"
          - id: 0c3b6a8e-1d2f-4e5a-8b7c-9d0e1f2a3b43
            name: "More about astronauts"
            image: "pages/astronaut.jpg"
            width: 0.12
            link: "https://example.org/astronauts"

        """.write(to: folder.appendingPathComponent("book.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// A server on a fresh copy of the demo world with the test book imported.
    static func server() async throws -> RunningServer {
        let world = BrowserTests.freshWorld()
        let folder = try bundle()
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try CLI.run(["import", "book", folder.path, "--database", world, "--media", BrowserTests.seeded.media])
        guard imported.status == 0 else { throw CLIFailure("import failed: \(imported.stderr)") }
        return try await RunningServer(
            database: world,
            extra: ["--media", BrowserTests.seeded.media, "--web", root.appendingPathComponent("Web").path, "--tiles", "none"])
    }

    @Test("a picture that shows a 3D model: drawn on the page; one finger turns it, two pinch it bigger, the wheel zooms")
    func model() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let camera = try BrowserTests.camera(from: "coffee.jpg")
        defer { try? FileManager.default.removeItem(at: camera) }
        try await Browser.using(camera: camera) { browser in
            try await browser.open(server.base + "/#/books/things-that-do-things/camera")
            let parts = try await browser.waitFor("the model on the page", "return window.worldlayerBook?.model()?.parts ?? null")
            #expect(parts as? Int == 1)
            #expect(try await browser.waitOnScreen("#camera-hint") == "A cup with a mushroom")
            _ = try await browser.waitFor("the model placed", "const c = document.querySelector('#model-overlay'); return c && !c.hidden")
            try await BrowserTests.screenshot(browser, "book-model")
            // One finger (a mouse here) drags across it: it turns.
            try await browser.drag("#model-overlay", dx: 120, dy: 0)
            let turned = try await browser.run("return window.worldlayerBook.model().turned") as? Double ?? 0
            #expect(turned > 0.5, "turned \(turned) rad")
            // Two fingers spreading apart: bigger.
            let pinched =
                try await browser.run(
                    """
                    const c = document.querySelector('#model-overlay'), r = c.getBoundingClientRect();
                    const x = r.left + r.width / 2, y = r.top + r.height / 2;
                    const at = (id, type, dx) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: x + dx, clientY: y, bubbles: true, pointerType: 'touch' }));
                    at(11, 'pointerdown', -20); at(12, 'pointerdown', 20);
                    at(11, 'pointermove', -60); at(12, 'pointermove', 60);
                    at(11, 'pointerup', -60); at(12, 'pointerup', 60);
                    return window.worldlayerBook.model().zoom;
                    """) as? Double ?? 0
            #expect(abs(pinched - 3) < 0.01, "spread from 40 to 120 px: three times as big, got \(pinched)")
            try await browser.scroll("#model-overlay", deltaY: 300)
            let wheeled = try await browser.waitFor(
                "the wheel's zoom", "const z = window.worldlayerBook.model().zoom; return z < arguments[0] ? z : null", [pinched])
            #expect((wheeled as? Double ?? 9) < pinched)
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }

    @Test("a picture that plays a sound, and one that offers a link")
    func soundAndLink() async throws {
        let server = try await Self.server()
        defer { server.stop() }
        let coins = try BrowserTests.camera(from: "coins.jpg")
        defer { try? FileManager.default.removeItem(at: coins) }
        try await Browser.using(camera: coins) { browser in
            try await browser.open(server.base + "/#/books/things-that-do-things/camera")
            _ = try await browser.waitFor(
                "the picture found", "return document.querySelector('#camera-hint')?.textContent === arguments[0]", ["Coins that ring"])
            #expect(try await browser.waitOnScreen("#camera-hint") == "Coins that ring")
            let length = try await browser.waitFor(
                "the sound loaded", "const a = document.querySelector('#target-sound'); return a && a.readyState >= 1 ? a.duration : null")
            #expect(abs((length as? Double ?? 0) - 3.03) < 0.1)
            #expect(try await browser.run("return document.querySelector('#target-sound').loop") as? Bool == true)
            try await browser.waitOnScreen("#mute")
            #expect(try await browser.consoleErrors().isEmpty)
        }
        let astronaut = try BrowserTests.camera(from: "astronaut.jpg")
        defer { try? FileManager.default.removeItem(at: astronaut) }
        try await Browser.using(camera: astronaut) { browser in
            try await browser.open(server.base + "/#/books/things-that-do-things/camera")
            _ = try await browser.waitFor(
                "the picture found", "return document.querySelector('#camera-hint')?.textContent === arguments[0]",
                ["More about astronauts"])
            #expect(try await browser.waitOnScreen("#camera-hint") == "More about astronauts")
            #expect(try await browser.waitOnScreen("#target-link") == "Opens example.org")
            #expect(
                try await browser.run("return document.querySelector('#target-link').href") as? String == "https://example.org/astronauts")
            #expect(try await browser.run("return document.querySelector('#mute').hidden") as? Bool == true, "a link has no sound")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

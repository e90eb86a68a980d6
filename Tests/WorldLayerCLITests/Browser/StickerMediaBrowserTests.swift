import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// StickARs' stickers that carry a sound or a link: placed from AR with a clip and a link, played
/// from the sticker's sheet by someone else, the link opening elsewhere.
@Suite("Sticker media in Chromium and WebKit", .serialized)
struct StickerMediaBrowserTests {
    /// A test clip (made by FFmpeg's generators; Tests/WorldLayerServerTests/Media/README.md).
    static func clip(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: folder.appendingPathComponent("WorldLayerServerTests/Media/\(name)"))
    }

    @Test(
        "placing a sticker with a 3-second sound and a link; another person's sheet plays it (ranges, its length read by the browser) and offers the link",
        arguments: Browser.Engine.allCases)
    func soundAndLink(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let busker = try await server.signUpAndLogIn("busker\(engine)")
        let listener = try await server.signUpAndLogIn("listener\(engine)")
        let tone = try Self.clip("tone-3s.mp3")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            // Away from where other suites stand and count what they see.
            try await browser.stand(at: 60.16300, 24.94700, accuracy: 4, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [busker])
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "Hear the old tram bell")
            let chosen = try await browser.run(
                """
                const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
                const files = new DataTransfer();
                files.items.add(new File([bytes], 'bell.mp3', { type: 'audio/mpeg' }));
                const input = document.querySelector('#place-media');
                input.files = files.files;
                return input.files.length;
                """, [tone.base64EncodedString()])
            #expect(chosen as? Int == 1)
            try await browser.openMorePlacingOptions()
            try await browser.type("#place-link", "https://example.org/trams")
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let made = try await browser.waitFor(
                "the new sticker", "return window.worldlayerAR.objects().find(x => x.text === 'Hear the old tram bell')?.id ?? null")
            let id = try #require(made as? String)
            let stored = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/stickers/\(id)", token: listener).text)
            let media = try #require(stored["media"] as? [String: Any], "\(stored)")
            #expect(media["contentType"] as? String == "audio/mpeg" && abs((media["duration"] as? Double ?? 0) - 3.03) < 0.01)
            #expect(stored["link"] as? String == "https://example.org/trams")

            // Someone else opens it from the map: a player and the link, on screen.
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [listener])
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/map/sticker/\(id)")
            try await browser.element("#sticker-sheet #sticker-media")
            _ = try await browser.run("document.querySelector('#sticker-media').scrollIntoView({block: 'center'})")
            #expect(try await browser.waitOnScreen("#sticker-clip figcaption") == "Its sound · 0:03")
            // The player itself, on screen and not under anything (it has no text for waitOnScreen).
            let player = try await browser.waitFor(
                "the player on screen",
                """
                const e = document.querySelector('#sticker-media'), r = e.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return r.width > 0 && r.bottom <= document.querySelector('.tabs').getBoundingClientRect().top && (top === e || e.contains(top));
                """)
            #expect(player as? Bool == true)
            #expect(try await browser.run("return document.querySelector('#sticker-media').tagName") as? String == "AUDIO")
            let link = "#sticker-sheet #sticker-link"
            _ = try await browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [link])
            #expect(try await browser.waitOnScreen(link) == "Opens example.org")
            #expect(
                try await browser.run("return document.querySelector(arguments[0]).rel", [link]) as? String
                    == "noopener noreferrer nofollow")
            try await BrowserTests.screenshot(browser, "sticker-media")
            // What the player loads is the clip, by ranges as players ask.
            let ranged = try await browser.runAsync(
                "const r = await fetch(document.querySelector('#sticker-media').src, { headers: { Range: 'bytes=0-99' } }); done(`${r.status} ${r.headers.get('content-range')} ${(await r.arrayBuffer()).byteLength}`)"
            )
            #expect(ranged as? String == "206 bytes 0-99/\(tone.count) 100")
            // The browser reads the clip: its length, as the server measured it.
            let length = try await browser.waitFor(
                "the browser reading the clip's length",
                "const a = document.querySelector('#sticker-media'); return a.readyState >= 1 ? a.duration : null")
            #expect(abs((length as? Double ?? 0) - 3.03) < 0.1, "\(length)")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }

    @Test(
        "placing a sticker with a 2-second video; another person's sheet shows a video player with its length, on screen",
        arguments: Browser.Engine.allCases)
    func video(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let filmer = try await server.signUpAndLogIn("filmer\(engine)")
        let viewer = try await server.signUpAndLogIn("viewer\(engine)")
        let clip = try Self.clip("clip-2s.webm")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.16320, 24.94720, accuracy: 4, origin: server.base)
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [filmer])
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
            try await browser.click("#place-sticker")
            try await browser.type("#place-text", "The fountain in spring")
            _ = try await browser.run(
                """
                const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
                const files = new DataTransfer();
                files.items.add(new File([bytes], 'fountain.webm', { type: 'video/webm' }));
                document.querySelector('#place-media').files = files.files;
                """, [clip.base64EncodedString()])
            try await browser.click("#place-submit")
            try await browser.element("#placed")
            let id = try #require(
                try await browser.waitFor(
                    "the new sticker", "return window.worldlayerAR.objects().find(x => x.text === 'The fountain in spring')?.id ?? null")
                    as? String)
            let stored = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/stickers/\(id)", token: viewer).text)
            let media = try #require(stored["media"] as? [String: Any], "\(stored)")
            #expect(media["contentType"] as? String == "video/webm")

            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [viewer])
            try await browser.open(server.base + "/#/discover")
            try await browser.open(server.base + "/#/map/sticker/\(id)")
            try await browser.element("#sticker-sheet #sticker-media")
            // As the sheet opens, unscrolled: the caption, and the player's middle (its play button) above the tabs.
            #expect(try await browser.waitOnScreen("#sticker-clip figcaption") == "Its video · 0:02")
            #expect(try await browser.run("return document.querySelector('#sticker-media').tagName") as? String == "VIDEO")
            let player = try await browser.waitFor(
                "the player on screen",
                """
                const e = document.querySelector('#sticker-media'), r = e.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return r.width > 0 && r.top + r.height / 2 <= document.querySelector('.tabs').getBoundingClientRect().top && (top === e || e.contains(top));
                """)
            #expect(player as? Bool == true)
            try await BrowserTests.screenshot(browser, "sticker-video")
        }
    }
}

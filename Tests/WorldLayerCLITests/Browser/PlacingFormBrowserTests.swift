import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// StickARs' placing as a person meets it on a phone: the AR view's buttons at the bottom, within a
/// thumb's reach; a short first step (a template's picture, the text, place it) with the rest one
/// tap away; and the sticker drawn as its template promises (a billboard's text on its board, a
/// speech bubble as a bubble).
@Suite("Placing a sticker: a short first step, buttons within reach, templates drawn as themselves, in Chromium and WebKit", .serialized)
struct PlacingFormBrowserTests {
    /// Where a fingertip lands on the view: the element's rectangle and the window's height.
    static let rectangle = """
        const r = document.querySelector(arguments[0]).getBoundingClientRect();
        return [r.top, r.bottom, innerHeight, document.querySelector('#ar-sheet').hidden ? innerHeight : document.querySelector('#ar-sheet').getBoundingClientRect().top]
        """

    @Test(
        "the place button sits in the lower half; the form's first step is pictures, text and one button; more is one tap away and says who will see it; a billboard shows its text on its board and a speech bubble is drawn as one",
        arguments: Browser.Engine.allCases)
    func shortFirstStep(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let maker = try await server.signUpAndLogIn("placer\(engine.rawValue)")
        try await Browser.using(engine) { browser in
            try await AudienceBrowserTests.openAR(browser, server, token: maker, at: 60.16380, 24.94080)
            // Within a thumb's reach: the button is on screen, in the lower half.
            try await browser.waitOnScreen("#place-sticker")
            let button = try await browser.run(Self.rectangle, ["#place-sticker"]) as? [Double] ?? []
            #expect(button.count == 4 && button[0] > button[2] / 2, "the place button at \(button)")

            try await browser.click("#place-sticker")
            try await browser.waitOnScreen("#place-submit")
            // The first step: the templates as pictures, the text, the button, and the summary of the rest.
            let shown =
                try await browser.waitFor(
                    "the first step's pictures",
                    """
                    const pictures = [...document.querySelectorAll('#place-template .choice img')];
                    if (!pictures.length || pictures.some(i => !i.complete || i.naturalWidth === 0)) return null;
                    const visible = [...document.querySelectorAll('#place-form input, #place-form select, #place-form textarea, #place-form button')]
                      .filter(e => e.type !== 'radio' && e.offsetParent !== null && !e.closest('details:not([open]) > :not(summary)'));
                    return [pictures.length, visible.map(e => e.id)]
                    """) as? [Any] ?? []
            #expect(shown.first as? Int ?? 0 >= 6, "\(shown)")
            #expect(
                shown.last as? [String] == ["place-text", "place-submit"], "only the text and the button besides the pictures: \(shown)")
            #expect(try await browser.waitOnScreen("#place-more-audience") == "Seen by: Everyone")
            try await BrowserTests.screenshot(browser, "place-form")

            // A billboard with words, bigger than it starts, for my followers.
            try await browser.click("#place-template .choice[data-template=billboard]")
            try await browser.type("#place-text", "Open studio today")
            try await browser.openMorePlacingOptions()
            #expect(try await browser.waitOnScreen("#place-size-value") == "0.5 m")
            _ = try await browser.run(
                "const r = document.querySelector('#place-size'); r.value = '1.2'; r.dispatchEvent(new Event('input', {bubbles: true}))")
            #expect(try await browser.waitOnScreen("#place-size-value") == "1.2 m")
            let well = try await browser.run("return document.querySelector('#place-colour').getBoundingClientRect().width") as? Double ?? 0
            #expect(well >= 44, "the colour well is a finger wide: \(well)")
            _ = try await browser.run(
                "const s = document.querySelector('#audience'); s.value = 'followers'; s.dispatchEvent(new Event('change', {bubbles: true}))"
            )
            #expect(
                try await browser.run("return document.querySelector('#place-more-audience').textContent") as? String
                    == "Seen by: People who follow me")
            try await browser.click("#place-submit")
            try await browser.waitOnScreen("#placed")
            // With the sheet up, the button is still on screen, above it.
            try await browser.waitOnScreen("#place-sticker")
            let above = try await browser.run(Self.rectangle, ["#place-sticker"]) as? [Double] ?? []
            #expect(above.count == 4 && above[1] <= above[3], "the place button above the sheet: \(above)")

            let made = try await browser.waitFor(
                "the billboard with its text on its board",
                """
                const o = window.worldlayerAR.objects().find(x => x.text === 'Open studio today');
                const look = o && window.worldlayerAR.look(o.id);
                return look?.textOnFace && look.faceInk > 200 ? o.id : null
                """)
            let billboard = try #require(made as? String)
            let stored = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/stickers/\(billboard)", token: maker).text)
            #expect(stored["templateId"] as? String == "billboard" && stored["size"] as? Double == 1.2, "\(stored)")
            #expect(stored["visibility"] as? String == "followers", "\(stored)")

            // A speech bubble: a rounded body with a tail at the bottom left, nothing in the corners.
            try await browser.click("#place-sticker")
            try await browser.click("#place-template .choice[data-template=speech-bubble]")
            try await browser.type("#place-text", "Hello from the bubble")
            try await browser.click("#place-submit")
            try await browser.waitOnScreen("#placed")
            let bubble =
                try await browser.waitFor(
                    "the speech bubble drawn",
                    """
                    const o = window.worldlayerAR.objects().find(x => x.text === 'Hello from the bubble');
                    return o ? window.worldlayerAR.look(o.id, [[2, 2], [256, 100], [85, 236], [480, 240], [509, 2]]).alpha : null
                    """) as? [Int] ?? []
            #expect(bubble == [0, 255, 255, 0, 0], "corner, body, tail, under the body, corner: \(bubble)")
            // No far place's name over it: the names are laid out again once it is there.
            _ = try await browser.waitFor(
                "no place name over the bubble",
                """
                const o = window.worldlayerAR.objects().find(x => x.text === 'Hello from the bubble'), r = o && window.worldlayerAR.drawnAt(o.id);
                return r && [...document.querySelectorAll('#ar-labels .place-label')].every(l => {
                  const b = l.getBoundingClientRect(); return !(b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom) }) || null
                """)
            try await BrowserTests.screenshot(browser, "ar-bubble")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

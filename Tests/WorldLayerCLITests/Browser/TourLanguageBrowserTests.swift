import Foundation
import Testing
import WorldLayerTestSupport

/// A tour in the visitor's language (issue 48): the demo tour with Finnish and Swedish texts
/// (TourTranslationToolTests' bundle). In Finnish the list, the tour's page and a stop's sheet read
/// in Finnish and the stop's narration is the Finnish recording; a stop without a translation keeps
/// its own text; in Swedish only what the Swedish translation has changes.
@Suite("A tour in the visitor's language, in Chromium and WebKit", .serialized)
struct TourLanguageBrowserTests {
    @Test(
        "Finnish: the tour's title, a stop's text and its Finnish narration; Swedish: the title; untranslated stops as they are",
        arguments: Browser.Engine.allCases)
    func visitorsLanguage(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(withTour: { try TourTranslationToolTests.translatedBundle(from: $0, media: $1) })
        defer { server.stop() }
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let finnish = try #require(((tour["translations"] as? [String: Any])?["fi"] as? [String: Any])?["stops"] as? [[String: Any]])
        let narration = try #require((finnish.first?["narration"] as? [String: Any])?["id"] as? String)
        let stops = tour["stops"] as? [[String: Any]] ?? []
        let third = try #require(stops.dropFirst(2).first?["title"] as? String)

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.settings', JSON.stringify({ language: 'fi' }))")
            try await browser.open(server.base + "/?fi#/tours")  // a new page, which reads the language
            let listed = "#tours a[href='#/tours/helsinki-monuments'] strong"
            #expect(try await browser.waitOnScreen(listed) == "Senaatintorin muistomerkit")
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            #expect(try await browser.waitOnScreen("#screen h2") == "Senaatintorin muistomerkit")
            #expect(try await browser.run("return document.querySelector('#screen h2').lang") as? String == "fi")
            try await OfflineBrowserTests.click(browser, "#tour-stops li:nth-child(1) button")
            #expect(try await browser.waitOnScreen("#stop-detail h3") == "1. Aleksanteri II")
            #expect(try await browser.waitOnScreen("#stop-detail p[translate=no]").hasPrefix("Keisari Aleksanteri II:n muistomerkki"))
            let source =
                try await browser.waitFor(
                    "the Finnish narration", "const n = document.querySelector('#narration'); return n?.src || null") as? String ?? ""
            #expect(source.hasSuffix(narration), "\(source)")
            try await BrowserTests.screenshot(browser, "tour-finnish")
            // A stop the translation leaves out keeps its own title.
            #expect(
                try await browser.run("return document.querySelector('#tour-stops li:nth-child(3) button').textContent") as? String
                    == "3. \(third)")

            _ = try await browser.run("localStorage.setItem('worldlayer.settings', JSON.stringify({ language: 'sv' }))")
            try await browser.open(server.base + "/?sv#/tours/helsinki-monuments")
            #expect(try await browser.waitOnScreen("#screen h2") == "Minnesmärken kring Senatstorget")
            #expect(
                try await browser.run("return document.querySelector('#tour-stops li:nth-child(1) button').textContent") as? String
                    == "1. \(stops.first?["title"] as? String ?? "")")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

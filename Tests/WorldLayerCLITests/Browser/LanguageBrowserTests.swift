import Foundation
import Testing
import WorldLayerTestSupport

/// The client in Finnish and Swedish, and nothing left in English (issue 48). Every screen is
/// walked in a pseudo-language that accents and brackets each translated text ("⟦Máp·⟧"): a
/// visible text or label with plain Latin words outside the brackets was never translated and
/// fails the test, unless it is content (a name from OpenStreetMap, a sticker's text, a tour's
/// title), which the page marks translate="no". The right-to-left pseudo-language must lay out
/// with nothing pushed off the screen.
@Suite("Languages: Finnish, Swedish, and every screen translated", .serialized)
struct LanguageBrowserTests {
    /// The screens a person reaches, signed in as an admin (who also moderates and guides).
    static let screens = [
        "#/map", "#/discover", "#/tours", "#/tours/helsinki-monuments", "#/tours/helsinki-monuments/signs",
        "#/tours/helsinki-monuments/guide",
        "#/feed", "#/me", "#/settings", "#/help", "#/inbox", "#/designs", "#/ads", "#/moderation", "#/welcome", "#/ar",
    ]

    /// Visible texts and labels with Latin words outside pseudo-language brackets (and not content).
    static let untranslated = """
        const plain = (text) => { let t = text, before; do { before = t; t = t.replace(/⟦[^⟦⟧]*⟧/g, ''); } while (t !== before); return t.replace(/https?:\\/\\/\\S*/g, ''); };
        const latin = /[A-Za-z]{2,}/, found = [];
        const shown = (el) => { if (!el.getClientRects().length) return false; const s = getComputedStyle(el); return s.visibility !== 'hidden' && s.display !== 'none'; };
        const skip = (el) => el.closest('[translate=no], script, style, noscript, [hidden]');
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!el || skip(el) || !shown(el)) continue;
          if (latin.test(plain(n.textContent))) found.push(n.textContent.trim().slice(0, 80) + ' ‹' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') + '›');
        }
        for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
          if (skip(el) || !shown(el)) continue;
          for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
            const v = el.getAttribute(a);
            if (v && latin.test(plain(v))) found.push(a + '=' + v.slice(0, 80) + ' ‹' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '›');
          }
        }
        return [...new Set(found)];
        """

    static func walk(_ browser: Browser, _ server: RunningServer, language: String) async throws -> [String: [String]] {
        var offenders: [String: [String]] = [:]
        for screen in screens {
            try await browser.open(server.base + "/" + screen)
            _ = try await browser.waitFor(
                "\(screen) drawn",
                "return document.querySelector('#screen')?.children.length > 0 && document.documentElement.lang === arguments[0] || null",
                [language])
            if screen == "#/ar" {
                _ = try? await browser.waitFor("the AR start", "return document.querySelector('#ar, .safety, #ar-safety') || null")
            }
            try await Task.sleep(for: .milliseconds(700))  // what loads after the first drawing
            let found = try await browser.run(untranslated) as? [String] ?? []
            if !found.isEmpty { offenders[screen] = found }
        }
        return offenders
    }

    @Test(
        "every screen in a pseudo-language has no untranslated text; right to left, nothing is pushed off the screen",
        arguments: Browser.Engine.allCases)
    func everyScreenTranslated(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("polyglot\(engine)")
        #expect(try CLI.run(["user", "role", "polyglot\(engine)", "admin", "--database", BrowserTests.worlds[engine]!]).status == 0)
        // An admin is no advertiser: the ads screen's refusal is expected.
        try await Browser.using(engine, allowing: ["/v1/me/ads"]) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.16952, 24.95250, accuracy: 5, origin: server.base)
            _ = try await browser.run(
                "localStorage.setItem('worldlayer.token', arguments[0]); localStorage.setItem('worldlayer.settings', JSON.stringify({ language: 'en-XA' }))",
                [token])
            try await browser.open(server.base + "/?en-XA#/map")  // a new page, which reads the language
            var offenders = try await Self.walk(browser, server, language: "en-XA")
            // Deeper: a tour stop's sheet, a place found and routed to, AR's view and placing form, a sticker's sheet.
            func look(_ state: String) async throws {
                let found = try await browser.run(Self.untranslated) as? [String] ?? []
                if !found.isEmpty { offenders[state] = found }
            }
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            _ = try await browser.element("#tour-stops li button")
            _ = try await browser.run("document.querySelector('#tour-stops li button').scrollIntoView({block: 'center'})")
            try await OfflineBrowserTests.click(browser, "#tour-stops li button")  // past the stamp's medal, as a person would
            _ = try await browser.waitOnScreen("#stop-detail h3")
            try await look("a stop's sheet")
            try await browser.open(server.base + "/#/map")
            try await browser.type("#place-search", "kansallis")
            _ = try await browser.waitOnScreen(".place-result")
            try await look("place search")
            try await browser.click(".place-result")
            _ = try await browser.waitOnScreen("#place-sheet h3")
            try await look("a place's sheet")
            _ = try await browser.waitOnScreen("#route-here")
            try await browser.click("#route-here")
            _ = try await browser.waitOnScreen("#route-summary")
            try await look("a route's sheet")
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            _ = try await browser.waitFor(
                "stickers in AR", timeout: 30, "return (window.worldlayerAR?.objects() ?? []).find(x => x.kind === 'sticker')?.id ?? null")
            try await look("AR")
            let sticker = try await browser.run("return window.worldlayerAR.objects().find(x => x.kind === 'sticker').id") as? String ?? ""
            _ = try await browser.run("window.worldlayerAR.open(arguments[0])", [sticker])
            _ = try await browser.waitOnScreen("#sticker-sheet")
            try await look("a sticker's sheet")
            _ = try await browser.run("document.querySelector('.sheet:not([hidden]) .close')?.click()")
            try await browser.click("#place-sticker")
            _ = try await browser.element("#place-text")
            try await look("the placing form")
            #expect(offenders.isEmpty, "untranslated: \(offenders)")

            // Right to left: the page says so, and no screen is wider than the phone.
            _ = try await browser.run("localStorage.setItem('worldlayer.settings', JSON.stringify({ language: 'ar-XB' }))")
            for screen in ["#/map", "#/discover", "#/tours/helsinki-monuments", "#/me", "#/settings", "#/help"] {
                try await browser.open(server.base + "/?ar-XB" + screen)  // a new page, which reads the language
                let layout =
                    try await browser.waitFor(
                        "\(screen) right to left",
                        """
                        if (document.documentElement.dir !== 'rtl' || !document.querySelector('#screen')?.children.length) return null;
                        const tabs = document.querySelector('nav.tabs, .tabs')?.getBoundingClientRect();
                        return { wide: document.documentElement.scrollWidth - innerWidth, tabs: tabs ? tabs.right <= innerWidth + 1 && tabs.left >= -1 : false }
                        """) as? [String: Any] ?? [:]
                #expect((layout["wide"] as? Int ?? 99) <= 1 && layout["tabs"] as? Bool == true, "\(screen): \(layout)")
            }
        }
    }

    @Test(
        "chosen in Settings, the client speaks Finnish, then Swedish: tabs, counts, numbers and a route's steps",
        arguments: Browser.Engine.allCases)
    func finnishAndSwedish(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.16952, 24.95250, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/settings")
            _ = try await browser.element("#setting-language")
            _ = try await browser.run(
                "const s = document.querySelector('#setting-language'); s.value = 'fi'; s.dispatchEvent(new Event('change'))")
            _ = try await browser.waitFor("the page in Finnish", "return document.documentElement.lang === 'fi' || null")
            #expect(try await browser.waitOnScreen("nav.tabs a[data-tab=map] span") == "Kartta")
            #expect(try await browser.waitOnScreen("#screen h2") == "Asetukset")
            try await browser.open(server.base + "/#/tours")
            #expect(
                try await browser.waitOnScreen("#tours a[href='#/tours/helsinki-monuments'] .muted").hasPrefix(
                    "Avoin kierros · 8 pysähdystä"))
            // A route's steps and its length in Finnish: a decimal comma past a kilometre, turns in words.
            try await browser.open(server.base + "/#/map/to/60.1733,24.9412/Ateneum")
            let steps = try await browser.waitOnScreen("#route-steps li")
            #expect(steps.hasPrefix("Lähde "), "\(steps)")
            #expect(try await browser.waitOnScreen("#route-summary").contains("min kävellen"))

            try await browser.open(server.base + "/#/settings")
            _ = try await browser.element("#setting-language")
            _ = try await browser.run(
                "const s = document.querySelector('#setting-language'); s.value = 'sv'; s.dispatchEvent(new Event('change'))")
            _ = try await browser.waitFor("the page in Swedish", "return document.documentElement.lang === 'sv' || null")
            #expect(try await browser.waitOnScreen("nav.tabs a[data-tab=discover] span") == "Upptäck")
            try await browser.open(server.base + "/#/tours")
            #expect(try await browser.waitOnScreen("#tours a[href='#/tours/helsinki-monuments'] .muted").hasPrefix("Öppen tur · 8 stopp"))
            try await BrowserTests.screenshot(browser, "swedish-tours")
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

import Foundation
import Testing

/// Every screen of the browser client, checked as an accessibility audit would: every control has
/// a name a screen reader can say, text has enough contrast (WCAG AA: 4.5:1, 3:1 for large text),
/// and the tabs are reachable and usable with the keyboard alone.
@Suite("Browser client accessibility", .serialized)
struct AccessibilityTests {
    /// Runs in the page: what fails on the current screen.
    static let audit = """
        const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e); return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
        const skip = (e) => e.closest('.leaflet-container, .ar, .camera');  // drawn over maps and cameras, not page colours
        const name = (e) => {
          if (e.getAttribute('aria-label')) return e.getAttribute('aria-label');
          const by = e.getAttribute('aria-labelledby'); if (by) return by.split(' ').map(id => document.getElementById(id)?.textContent ?? '').join(' ');
          if (e.labels && e.labels.length) return [...e.labels].map(l => l.textContent).join(' ');
          return (e.textContent || e.querySelector('img')?.alt || e.title || '').trim();
        };
        const rgb = (c) => (c.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
        const background = (e) => { for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor); if (c.length < 4 ? true : c[3] > 0.99) { if (c.length >= 3 && (c.length < 4 || c[3] > 0)) return c; } } return [255, 255, 255]; };
        const problems = [];
        for (const e of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea')) {
          if (!visible(e) || e.closest('.leaflet-container')) continue;
          if (!name(e)) problems.push('no name: ' + e.outerHTML.slice(0, 80));
        }
        // A missing value printed as text ("null", "undefined") is a bug a reader sees.
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) if (/^(null|undefined)$/.test(walker.currentNode.textContent.trim())) problems.push('printed: ' + walker.currentNode.parentElement.outerHTML.slice(0, 80));
        for (const e of document.querySelectorAll('body *')) {
          if (!visible(e) || skip(e) || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
          const s = getComputedStyle(e), fg = rgb(s.color), bg = background(e);
          const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a), ratio = (l1 + 0.05) / (l2 + 0.05);
          const large = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && Number(s.fontWeight) >= 700);
          if (ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)}: "${e.textContent.trim().slice(0, 30)}"`);
        }
        return problems;
        """

    @Test("every screen: controls have names, text has AA contrast; the tabs work from the keyboard", arguments: Browser.Engine.allCases)
    func audit(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("reader")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/me")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            var failures: [String] = []
            for screen in [
                "#/me", "#/discover", "#/books/pictures-of-science", "#/tours", "#/tours/helsinki-guided", "#/map", "#/ar", "#/feed",
                "#/welcome", "#/tours/helsinki-monuments", "#/people/demo", "#/help", "#/settings",
            ] {
                try await browser.open(server.base + "/" + screen)
                _ = try await browser.waitFor(
                    "\(screen) drawn",
                    "return (!document.querySelector('#screen[aria-busy]') && document.querySelector('#screen').children.length > 0) || null"
                )
                try await Task.sleep(nanoseconds: 500_000_000)
                failures += (try await browser.run(Self.audit) as? [String] ?? []).map { "\(screen) \($0)" }
                if screen == "#/ar" {  // the safety word first, then AR itself
                    try await browser.enterAR()
                    try await Task.sleep(nanoseconds: 500_000_000)
                    failures += (try await browser.run(Self.audit) as? [String] ?? []).map { "#/ar (open) \($0)" }
                }
                if screen == "#/me" { _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token]) }
            }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            // The audit itself finds what it looks for: a faint text and a nameless button.
            _ = try await browser.run(
                "document.querySelector('#screen').append(Object.assign(document.createElement('p'), {textContent: 'faint', style: 'color:#bbb'}), document.createElement('button'), 'null')"
            )
            let planted = try await browser.run(Self.audit) as? [String] ?? []
            #expect(
                planted.contains { $0.hasPrefix("contrast") && $0.contains("faint") } && planted.contains { $0.hasPrefix("no name") }
                    && planted.contains { $0.hasPrefix("printed") },
                "\(planted)")

            // Keyboard only: Tab from the page reaches the tabs; Enter on one opens its screen.
            try await browser.open(server.base + "/#/me")
            _ = try await browser.waitFor("Me drawn", "return document.querySelector('#hello')?.textContent")
            _ = try await browser.run("document.querySelector('.tabs a[data-tab=discover]').previousElementSibling.focus()")
            try await browser.press("\u{E004}")
            #expect(try await browser.run("return document.activeElement.dataset.tab") as? String == "discover")
            try await browser.press("\u{E007}")
            #expect(
                try await browser.waitFor(
                    "Discover open", "return location.hash === '#/discover' && document.querySelector('#book-search') ? true : null")
                    as? Bool == true)
            // Every control of the page is in the Tab order (none removed with tabindex=-1).
            #expect(
                try await browser.run("return document.querySelectorAll('#screen [tabindex=\"-1\"], .tabs [tabindex=\"-1\"]').length")
                    as? Int == 0)
        }
    }
}

import Foundation
import Testing
import WorldLayerTestSupport

/// Issue 51: a place's hours as a person reads them at the door ("Open now, until 18:00"), not OSM's
/// raw `opening_hours`; what it cannot read is shown as mapped, and no text breaks it.
@Suite("Opening hours in Chromium and WebKit", .serialized)
struct OpeningHoursBrowserTests {
    /// Runs `opening-hours.js` in the page: `body` gets the module as `m` and the client's strings as `t`.
    private static func inPage(_ browser: Browser, _ body: String) async throws -> Any? {
        try await browser.runAsync(
            """
            Promise.all([import('/js/opening-hours.js'), import('/js/strings.js')])
              .then(([m, s]) => { const t = s.t; \(body) }).catch((e) => done('threw: ' + e));
            """)
    }

    @Test(
        "the hours read for fixed moments: open until, closed and when it opens, past midnight, weekday lists, 24/7, rules replacing rules",
        arguments: Browser.Engine.allCases)
    func readings(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            // Tuesday 1 December 2026 (a Tuesday), local time, at the hours given.
            let answers =
                try await Self.inPage(
                    browser,
                    """
                    const at = (d, h, min = 0) => new Date(2026, 11, d, h, min);
                    const cases = [
                      ['Mo-Fr 10:00-18:00', at(1, 12)], ['Mo-Fr 10:00-18:00', at(1, 8, 30)], ['Mo-Fr 10:00-18:00', at(4, 19)],
                      ['Tu, Fr 10:00-18:00; Sa 10:00-14:00', at(2, 9)], ['Mo-Su 22:00-02:00', at(2, 1, 15)],
                      ['24/7', at(1, 3)], ['Mo-Sa 09:00-21:00; Tu off', at(1, 12)], ['Mo-Fr 08:00-12:00,13:00-17:00', at(1, 12, 30)],
                      ['Mo-Fr 09:00-17:00, Sa 10:00-14:00', at(5, 11)], ['Jan-Mar Mo-Fr 10:00-16:00', at(1, 12)], ['sunrise-sunset', at(1, 12)], ['PH off', at(1, 1)],
                    ];
                    done(cases.map(([text, now]) => m.openingHoursText(text, now, t) ?? 'as mapped'));
                    """) as? [String]
            #expect(
                answers == [
                    "Open now, until 18:00", "Closed now, opens at 10:00", "Closed now, opens Mon at 10:00",
                    "Closed now, opens Fri at 10:00", "Open now, until 02:00",
                    "Open 24 hours", "Closed now, opens tomorrow at 09:00", "Closed now, opens at 13:00",
                    "Open now, until 14:00", "as mapped", "as mapped", "as mapped",
                ], "\(engine)")
        }
    }

    @Test("ten thousand mangled hours never throw: each is read or left as mapped")
    func hostileHours() async throws {
        let server = try await BrowserTests.server(.chromium)
        defer { server.stop() }
        try await Browser.using(.chromium) { browser in
            try await browser.open(server.base + "/#/discover")
            let result =
                try await Self.inPage(
                    browser,
                    """
                    const seeds = ['Mo-Fr 10:00-18:00; Sa 10:00-14:00; PH off', 'Tu, Th 08:00-12:00,13:00-17:00', '24/7', 'Su-Tu 22:00-26:00', 'Mo 00:00-24:00'];
                    const alphabet = 'MoTuWeThFrSaSuPH0123456789:-,; /+offclosed\\u0000\\u{1F600}';
                    let seed = 12345; const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
                    let read = 0;
                    for (let i = 0; i < 10000; i++) {
                      let text = seeds[i % seeds.length];
                      for (let k = 0; k < 1 + i % 4; k++) {
                        const at = Math.floor(random() * (text.length + 1)), c = alphabet[Math.floor(random() * alphabet.length)];
                        text = random() < 0.5 ? text.slice(0, at) + c + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
                      }
                      try {
                        const answer = m.openingHoursText(text, new Date(2026, 11, 1 + i % 7, i % 24, i % 60), t);
                        if (answer !== null && typeof answer !== 'string') return done('not text: ' + JSON.stringify(text));
                        if (answer) read++;
                      } catch (e) { return done('threw on ' + JSON.stringify(text) + ': ' + e); }
                    }
                    done('read ' + read);
                    """) as? String ?? ""
            #expect(result.hasPrefix("read "), "\(result)")
        }
    }

    @Test("a mapped shop's sheet says whether it is open now, in words, over the hours as mapped", arguments: Browser.Engine.allCases)
    func placeSheet(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        // A place of the Helsinki extract whose hours the client reads.
        let nearby =
            try JSONSerialization.jsonObject(
                with: Data(
                    try await server.request("GET", "/v1/places/nearby?latitude=60.1699&longitude=24.9384&radius=1500&limit=200").text.utf8)
            )
            as? [String: Any]
        let places = (nearby?["places"] as? [[String: Any]] ?? []).compactMap { $0["place"] as? [String: Any] }
        let names = places.compactMap { $0["name"] as? String }
        let simple = try #require(
            places.first { place in
                // One of its name, so that searching for it finds it and no other branch.
                guard let hours = place["openingHours"] as? String, let name = place["name"] as? String,
                    names.filter({ $0 == name }).count == 1
                else { return false }
                return hours.range(
                    of:
                        #"^(Mo|Tu|We|Th|Fr|Sa|Su)[-A-Za-z, ]* \d\d:\d\d-\d\d:\d\d(; ?(Mo|Tu|We|Th|Fr|Sa|Su)[-A-Za-z, ]* (\d\d:\d\d-\d\d:\d\d|off))*$"#,
                    options: .regularExpression) != nil
            }, "no place with plain hours near the centre")
        let name = simple["name"] as? String ?? "", hours = simple["openingHours"] as? String ?? ""
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/map")
            try await browser.type("#place-search", name)
            try await browser.click(".place-result")
            #expect(try await browser.waitOnScreen("#place-sheet h3") == name)
            _ = try await browser.run("document.querySelector('#place-hours').scrollIntoView({block: 'center'})")
            let said = try await browser.waitOnScreen("#place-open-now")
            #expect(
                said.hasPrefix("Open now, until ") || said.hasPrefix("Closed now, opens ") || said == "Open 24 hours", "\(hours): \(said)")
            let expected = try await Self.inPage(browser, "done(m.openingHoursText(\(Self.literal(hours)), new Date(), t))") as? String
            #expect(said == expected)
            #expect(try await browser.text("#place-hours .muted") == hours, "the hours as mapped, below")
            try await BrowserTests.screenshot(browser, "place-hours")
        }
    }

    /// `text` as a JavaScript string literal.
    private static func literal(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }
}

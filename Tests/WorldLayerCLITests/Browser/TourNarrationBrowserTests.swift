import Foundation
import Testing
import WorldLayerTestSupport

/// Issue 51, Historia on the walk: every stop reached speaks, through one player a tap unlocked (as
/// Safari asks), and the next stop's distance follows me.
@Suite("Walking a tour: narration and the next stop in Chromium and WebKit", .serialized)
struct TourNarrationBrowserTests {
    private typealias Point = (latitude: Double, longitude: Double)

    /// The demo tour's stops: positions and narration media ids, in order.
    private static func stops(_ server: RunningServer) async throws -> [(position: Point, media: String)] {
        let tour =
            try JSONSerialization.jsonObject(with: Data(try await server.request("GET", "/v1/tours/helsinki-monuments").text.utf8))
            as? [String: Any]
        return (tour?["stops"] as? [[String: Any]] ?? []).compactMap { stop in
            guard let p = stop["position"] as? [String: Double], let media = (stop["media"] as? [[String: Any]])?.first?["id"] as? String
            else { return nil }
            return ((p["latitude"] ?? 0, p["longitude"] ?? 0), media)
        }
    }

    private static func metres(_ a: Point, _ b: Point) -> Double {
        hypot((a.latitude - b.latitude) * 111_320, (a.longitude - b.longitude) * 111_320 * cos(a.latitude * .pi / 180))
    }

    @Test(
        "two stops close together each open and play their narration on arrival, the second after the first, through one player",
        arguments: Browser.Engine.allCases)
    func everyStopSpeaks(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let stops = try await Self.stops(server)
        // The two stops nearest each other, whose circles overlap (the demo's are 20 m).
        let pairs = stops.indices.flatMap { i in stops.indices.filter { $0 > i }.map { (i, $0) } }
        let (a, b) = try #require(
            pairs.min { Self.metres(stops[$0.0].position, stops[$0.1].position) < Self.metres(stops[$1.0].position, stops[$1.1].position) })
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            // 100 m south of the first of them, at no stop, inside the tour's area.
            try await browser.stand(
                at: stops[a].position.latitude - 100 / 111_320, stops[a].position.longitude, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            // A person's first tap on the page (here on where it says the next stop is) unlocks the one player.
            try await browser.click("#tour-where")
            try await browser.stand(at: stops[a].position.latitude, stops[a].position.longitude, accuracy: 5, origin: server.base)
            #expect(try await browser.waitOnScreen("#stop-detail h3").hasPrefix("\(a + 1). "))
            let playing = "const n = document.querySelector('#narration'); return n && !n.paused && n.src.includes(arguments[0]) || null"
            _ = try await browser.waitFor("stop \(a + 1)'s narration playing", playing, [stops[a].media])
            // Slowed, so that it still speaks when the next stop is reached however short it is.
            _ = try await browser.run("document.querySelector('#narration').playbackRate = 0.25")

            // On to the other, while the first still speaks: its sheet opens, its narration waits for the first's end.
            try await browser.stand(at: stops[b].position.latitude, stops[b].position.longitude, accuracy: 5, origin: server.base)
            _ = try await browser.waitFor(
                "stop \(b + 1)'s sheet", "return document.querySelector('#stop-detail h3')?.textContent.startsWith(arguments[0]) || null",
                ["\(b + 1). "])
            #expect(try await browser.waitOnScreen("#stop-detail h3").hasPrefix("\(b + 1). "))
            _ = try await browser.waitFor(
                "the word that it waits", "return document.querySelector('#status').textContent === arguments[0] || null",
                ["Plays when the narration playing now ends."])
            #expect(try await browser.waitOnScreen("#status") == "Plays when the narration playing now ends.")
            // The first narration runs to its end (skipped there, rather than waited for).
            _ = try await browser.run("const n = document.querySelector('#narration'); n.currentTime = n.duration")
            _ = try await browser.waitFor("stop \(b + 1)'s narration playing", timeout: 30, playing, [stops[b].media])
            #expect(try await browser.run("return document.querySelectorAll('audio').length") as? Int == 1, "one player for the page")
        }
    }

    @Test("the next stop's distance follows each fix as I walk towards it, not every 30 m", arguments: Browser.Engine.allCases)
    func nextStopDistanceFollows(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        let first = try #require(try await Self.stops(server).first).position
        // 60 m south of the first stop, then 10 m and 20 m closer.
        let metre = 1 / 111_320.0
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: first.latitude - 60 * metre, first.longitude, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            #expect(try await browser.waitOnScreen("#next-stop-distance") == "60 m north")
            for (closer, expected) in [(10.0, "50 m north"), (20.0, "40 m north")] {
                try await browser.stand(at: first.latitude - (60 - closer) * metre, first.longitude, accuracy: 5, origin: server.base)
                _ = try await browser.waitFor(
                    expected, "return document.querySelector('#next-stop-distance')?.textContent === arguments[0] || null", [expected])
                #expect(try await browser.waitOnScreen("#next-stop-distance") == expected)
            }
        }
    }
}

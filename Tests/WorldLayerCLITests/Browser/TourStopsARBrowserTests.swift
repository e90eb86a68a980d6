import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// Historia and the campus tour in AR (issue 48): each kind of stop told apart at a glance, a model
/// stop's model standing where it is, the next stop's sign pulsing, and arriving at a stop in AR
/// starts its narration as the tour's page does.
@Suite("A tour's stops in AR in Chromium and WebKit", .serialized)
struct TourStopsARBrowserTests {
    private typealias Point = (latitude: Double, longitude: Double)

    /// The demo tour made into one of each kind: stop 1 a photo (with its picture), 2 narration as it
    /// is, 3 a sign (info), 4 a 3D model (the billboard template's glTF) facing east.
    static func fourKindsBundle(from db: String, media: String) throws -> URL {
        let folder = try TourBundleEdit.export(db: db, media: media)
        try FileManager.default.copyItem(
            at: BrowserTests.root.appendingPathComponent("demo/frames/coins.jpg"), to: folder.appendingPathComponent("media/then.jpg"))
        try FileManager.default.copyItem(
            at: BrowserTests.root.appendingPathComponent("Sources/WorldLayerServices/Resources/Templates/billboard.glb"),
            to: folder.appendingPathComponent("media/model.glb"))
        // The stops in order: each "    kind: audio" line, and each stop's narration line.
        let replace = { (nth: Int, line: String, new: String) in try TourBundleEdit.replace(nth, of: line, with: new, in: folder) }
        try replace(3, "    kind: audio\n", "    kind: model\n    facing: 90.0\n")
        try replace(2, "    kind: audio\n", "    kind: info\n")
        try replace(0, "    kind: audio\n", "    kind: photo\n")
        try replace(0, "      - \"media/01-narration.mp3\"\n", "      - \"media/01-narration.mp3\"\n      - \"media/then.jpg\"\n")
        try replace(0, "      - \"media/04-narration.mp3\"\n", "      - \"media/04-narration.mp3\"\n      - \"media/model.glb\"\n")
        return folder
    }

    private static func metres(_ a: Point, _ b: Point) -> Double {
        hypot((a.latitude - b.latitude) * 111_320, (a.longitude - b.longitude) * 111_320 * cos(a.latitude * .pi / 180))
    }

    @Test(
        "the four kinds of stop drawn apart, a model stop's model standing there, the next stop pulsing; arriving at a stop in AR plays its narration",
        arguments: Browser.Engine.allCases)
    func stopsToldApart(engine: Browser.Engine) async throws {
        // A world of its own: this test changes the demo tour.
        let server = try await BrowserTests.server(withTour: { try Self.fourKindsBundle(from: $0, media: $1) })
        defer { server.stop() }
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let tourID = try #require(tour["id"] as? String)
        let stops = tour["stops"] as? [[String: Any]] ?? []
        #expect(stops.prefix(4).map { $0["kind"] as? String } == ["photo", "audio", "info", "model"])
        #expect(stops[3]["facing"] as? Double == 90)
        let positions: [Point] = stops.compactMap { ($0["position"] as? [String: Double]).map { ($0["latitude"]!, $0["longitude"]!) } }
        let second = positions[1], narration = try #require((stops[1]["media"] as? [[String: Any]])?.first?["id"] as? String)
        // Where I wait: 30 m from the second stop, outside every stop's circle.
        let metre = 1 / 111_320.0, across = 1 / (111_320 * cos(second.latitude * .pi / 180))
        let waiting = try #require(
            [(0.0, -30.0), (0.0, 30.0), (30.0, 0.0), (-30.0, 0.0)].map { (second.latitude + $1 * metre, second.longitude + $0 * across) }
                .first { p in positions.allSatisfy { Self.metres($0, p) > 24 } })

        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: waiting.0, waiting.1, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/ar")
            try await browser.enterAR()
            let ids = (1...4).map { "stop-\(tourID)-\(stops[$0 - 1]["id"] as? String ?? "")" }
            // The next stop is known once the tour's progress is read, which may come after the stops are drawn.
            let drawn =
                try await browser.waitFor(
                    "the four stops, the model and which is next",
                    """
                    const o = window.worldlayerAR?.objects() ?? [], stops = arguments[0].map(id => o.find(x => x.id === id));
                    return stops.every(Boolean) && stops[3].stopModel && stops.some(s => s.next) ? stops.map(s => [s.stopKind, s.colour]) : null
                    """, [ids]) as? [[String]] ?? []
            #expect(drawn.map(\.first) == ["photo", "audio", "info", "model"], "\(drawn)")
            #expect(Set(drawn.compactMap(\.last)).count == 4, "four colours: \(drawn)")
            // The next stop (the first, none visited yet) pulses; the others stand still.
            let signs =
                try await browser.runAsync(
                    """
                    const sizes = () => window.worldlayerAR.objects().filter(x => arguments[0].includes(x.id)).map(x => [x.id, x.next, x.sign]);
                    const first = sizes(); setTimeout(() => done([first, sizes()]), 300)
                    """, [ids]) as? [[[Any]]] ?? []
            let before = signs.first ?? [], after = signs.last ?? []
            #expect(before.filter { $0[1] as? Bool == true }.map { $0[0] as? String } == [ids[0]], "\(before)")
            let pulsed = zip(before, after).first { $0.0[0] as? String == ids[0] }
            #expect(pulsed.map { ($0.0[2] as? Double) != ($0.1[2] as? Double) } == true, "the next stop's sign grows and shrinks: \(signs)")
            #expect(
                zip(before, after).filter { $0.0[0] as? String != ids[0] }.allSatisfy {
                    ($0.0[2] as? Double) == 0.9 && ($0.1[2] as? Double) == 0.9
                })
            try await BrowserTests.screenshot(browser, "ar-tour-stops")

            // A person's first tap in AR unlocks the one player; then I walk to the second stop.
            try await browser.click("#ar canvas")
            try await Task.sleep(for: .seconds(4))  // a walk's time, so that the position filter believes the arrival
            try await browser.stand(at: second.latitude, second.longitude, accuracy: 5, origin: server.base)
            #expect(try await browser.waitOnScreen("#stop-sheet h3", timeout: 30).hasSuffix(stops[1]["title"] as? String ?? "?"))
            _ = try await browser.waitFor(
                "the second stop's narration playing",
                "const n = document.querySelector('#narration'); return n && !n.paused && n.src.includes(arguments[0]) || null", [narration]
            )
            // Arrived at the second, the first is still the next in order.
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }
}

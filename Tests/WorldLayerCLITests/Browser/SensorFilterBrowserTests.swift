import Foundation
import Testing

/// The client's sensor filters (`Web/js/sensors/`), run in the browser as the app runs them, on
/// simulated traces (SensorTraces.swift) scored against the truth. `WORLDLAYER_PLOTS=DIR` keeps
/// the first heading trace as CSV for `scripts/plot-heading`.
@Suite("Sensor filters on simulated traces", .serialized)
struct SensorFilterBrowserTests {
    @Test(
        "heading: fused gyroscope and compass, RMS error at most half the compass's, under 200 ms of lag in turns, over five traces",
        arguments: Browser.Engine.allCases)
    func heading(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            for seed in UInt64(1)...5 {
                let trace = HeadingTrace(seed: seed)
                let fused =
                    try await browser.runAsync(
                        """
                        const [time, gyroscope, compass, accuracy] = arguments;
                        import('/js/sensors/heading.js').then(({ HeadingFilter }) => {
                          const filter = new HeadingFilter(), out = [];
                          time.forEach((t, i) => { filter.gyroscope(t, gyroscope[i]); filter.compass(t, compass[i], accuracy[i]); out.push(filter.heading); });
                          done(out);
                        });
                        """, [trace.time, trace.gyroscope, trace.compass, trace.compassAccuracy]) as? [Double] ?? []
                try #require(fused.count == trace.time.count)
                let raw = trace.rms(trace.compass), filtered = trace.rms(fused), lag = trace.lag(fused)
                print(
                    "heading trace \(seed): compass RMS \(raw.formatted(.number.precision(.fractionLength(1))))°, fused \(filtered.formatted(.number.precision(.fractionLength(1))))°, lag \(Int(lag * 1000)) ms"
                )
                #expect(filtered <= raw / 2, "trace \(seed): fused \(filtered)° vs compass \(raw)°")
                #expect(lag <= 0.2, "trace \(seed): \(lag) s behind in turns")
                if seed == 1, let folder = ProcessInfo.processInfo.environment["WORLDLAYER_PLOTS"] {
                    let rows = trace.time.indices.map { "\(trace.time[$0]),\(trace.truth[$0]),\(trace.compass[$0]),\(fused[$0])" }
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try (["time,truth,compass,fused"] + rows).joined(separator: "\n").write(
                        toFile: folder + "/heading-trace.csv", atomically: true, encoding: .utf8)
                }
            }
            // With only a compass (no gyroscope), it still gives a heading, lightly smoothed.
            let alone =
                try await browser.runAsync(
                    """
                    import('/js/sensors/heading.js').then(({ HeadingFilter }) => {
                      const f = new HeadingFilter(); f.compass(0, 350); f.compass(0.1, 10); done(f.heading);
                    });
                    """) as? Double
            #expect(alone.map { $0 > 350 || $0 < 10 } == true, "\(String(describing: alone))")
            // The camera's direction from the W3C angles: upright facing north, west; upright, turned by
            // gamma (about the phone's long axis, vertical when upright); tilted back, north-west.
            let directions =
                try await browser.runAsync(
                    """
                    import('/js/sensors/heading.js').then(({ cameraHeading }) =>
                      done([cameraHeading(0, 90, 0), cameraHeading(90, 90, 0), cameraHeading(0, 90, -30), cameraHeading(45, 60, 0)]));
                    """) as? [Double] ?? []
            #expect(directions.map { Int($0.rounded()) % 360 } == [0, 270, 30, 315])
        }
    }

    @Test(
        "position: GPS jumps are held back (errors stay near the reported accuracy), a tram ride is followed, AR pauses in it and resumes after",
        arguments: Browser.Engine.allCases
    )
    func position(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            for seed in UInt64(1)...5 {
                let trace = PositionTrace(seed: seed)
                let result =
                    try await browser.runAsync(
                        """
                        const [time, fixes] = arguments;
                        import('/js/sensors/position.js').then(({ PositionFilter, VehicleGuard }) => {
                          const filter = new PositionFilter(), guard = new VehicleGuard(), out = [], vehicle = [];
                          time.forEach((t, i) => {
                            filter.add(t, ...fixes[i]);
                            out.push([filter.fix.latitude, filter.fix.longitude]);
                            vehicle.push(guard.update(filter.speed()));
                          });
                          done({ out, vehicle });
                        });
                        """, [trace.time, trace.fixes.map { [$0.latitude, $0.longitude, $0.accuracy] }]) as? [String: Any]
                let out = try #require(result?["out"] as? [[Double]]), vehicle = try #require(result?["vehicle"] as? [Bool])
                let walking = Array(0..<trace.walkEnds)
                let rawErrors = walking.map { trace.error($0, trace.fixes[$0].latitude, trace.fixes[$0].longitude) }
                let errors = walking.map { trace.error($0, out[$0][0], out[$0][1]) }
                let jumped = trace.jumped.sorted()
                let rawJump = jumped.map { rawErrors[$0] }.reduce(0, +) / Double(jumped.count)
                let filteredJump = jumped.map { errors[$0] }.reduce(0, +) / Double(jumped.count)
                let tram = (trace.tramEnds - 30)..<trace.tramEnds
                let tramErrors = tram.map { trace.error($0, out[$0][0], out[$0][1]) }.sorted()
                print(
                    "position trace \(seed): \(jumped.count) jumped fixes, mean error on them \(Int(rawJump)) m raw, \(Int(filteredJump)) m filtered; worst \(Int(jumped.map { errors[$0] }.max() ?? 0)) m; median in the tram \(Int(tramErrors[15])) m"
                )
                #expect(filteredJump < rawJump / 3, "trace \(seed): jumps got through")
                #expect(jumped.allSatisfy { errors[$0] < 40 }, "trace \(seed): a jump got through")
                #expect(errors.reduce(0, +) < rawErrors.reduce(0, +), "trace \(seed)")
                // The tram: followed, AR paused during it, resumed walking after.
                #expect(tramErrors[15] < 30, "trace \(seed): the tram not followed")
                #expect(!vehicle[..<trace.walkEnds].contains(true), "trace \(seed): paused while walking")
                #expect(vehicle[(trace.walkEnds + 15)..<trace.tramEnds].allSatisfy { $0 }, "trace \(seed): not paused in the tram")
                #expect(vehicle.last == false, "trace \(seed): still paused after the tram")
            }
        }
    }
}

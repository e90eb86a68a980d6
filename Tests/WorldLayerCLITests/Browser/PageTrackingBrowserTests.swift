import Foundation
import Testing

/// The AR study book's video stays glued to the page between the server's answers: the browser
/// follows the page from camera frame to camera frame (Web/js/page-tracker.js) and each answer
/// corrects it. `bench/run tracking` measures how close on clips with known corners.
@Suite("A book's video follows the page between answers", .serialized)
struct PageTrackingBrowserTests {
    /// A .y4m video of a demo camera frame sliding sideways and back (70 px, 3 s a swing, 30 fps,
    /// looping without a jump), made by Debian's ffmpeg.
    static func slidingCamera(from frame: String) throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("wl-sliding-\(UUID().uuidString).y4m")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "ffmpeg", "-loglevel", "error", "-y", "-loop", "1", "-framerate", "30", "-i",
            BrowserTests.root.appendingPathComponent("demo/frames/\(frame)").path,
            "-vf", "pad=iw+160:ih:80:0:color=gray,crop=640:480:80+70*sin(2*PI*t/3):0", "-frames:v", "90", "-pix_fmt", "yuv420p",
            out.path,
        ]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CLIFailure("ffmpeg failed: scripts/install-packages ffmpeg") }
        return out
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// Chromium only: WebKitGTK has no fake camera to show the page to.
    @Test("the video stays glued to the page between answers")
    func videoStaysOnThePage() async throws {
        let server = try await BrowserTests.server(.chromium)
        defer { server.stop() }
        let camera = try Self.slidingCamera(from: "astronaut.jpg")
        defer { try? FileManager.default.removeItem(at: camera) }
        try await Browser.using(camera: camera) { browser in
            try await browser.open(server.base + "/#/books/pictures-of-science/camera")
            _ = try await browser.waitFor(
                "the video on the page", "const v = document.querySelector('#overlay'); return v && !v.hidden ? v.dataset.target : null")
            // Eight answers, each compared with where the follower had carried the page by then.
            let stats =
                try await browser.waitFor(
                    "eight answers compared", timeout: 60,
                    "const s = window.worldlayerBook?.tracking(); return s && s.followed.length >= 8 ? s : null") as! [String: Any]
            let followed = stats["followed"] as! [Double], held = stats["held"] as! [Double]
            let frames = stats["frames"] as! Int, answers = stats["answers"] as! Int
            // Every camera frame moved the video, not only the answers…
            #expect(frames > answers * 3, "\(frames) frames for \(answers) answers")
            // …the page slid far between answers (a video held still would have been that far off)…
            #expect(Self.median(held) > 12, "held: \(held)")
            // …and the followed corners were a third or less of how far a held video would have been from
            // each answer when it came. Not a number of pixels: that depends on how many camera frames
            // Chromium drops, so on the machine's load (2–3 px quiet, 6.7 and 9.3 px with browser tests
            // side by side on two cores) — the ratio holds either way.
            #expect(Self.median(followed) * 3 < Self.median(held), "followed \(followed) vs held \(held)")
            try await browser.waitOnScreen("#camera-hint")
            #expect(try await browser.text("#camera-hint") == "Eileen Collins, astronaut")
            let errors = try await browser.consoleErrors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    /// The follower itself in each engine's JavaScript: a page drawn on a canvas at known places,
    /// the true corners given back as answers three frames late, as the server's would be.
    @Test("the page follower keeps to a page drawn at known places", arguments: Browser.Engine.allCases)
    func followerInEachEngine(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            let result =
                try await browser.runAsync(
                    """
                    (async () => {
                    const [{ PageFollower, grey, trackWidth, trackHeight }, book] = await Promise.all([
                      import('/js/page-tracker.js'), fetch('/v1/books/pictures-of-science').then(r => r.json())]);
                    const page = new Image();
                    page.src = '/v1/media/' + book.cover.id;
                    await page.decode();
                    const big = Object.assign(document.createElement('canvas'), { width: 640, height: 480 });
                    const small = Object.assign(document.createElement('canvas'), { width: trackWidth, height: trackHeight });
                    const b = big.getContext('2d'), s = small.getContext('2d', { willReadFrequently: true });
                    const follower = new PageFollower(2), errors = [];
                    let pending = null;
                    for (let i = 0; i < 60; i++) {
                      // The page (240×240) glides right and down, 3 px a frame, over a dark desk.
                      const x = 150 + 3 * i, y = 80 + 1.5 * i, truth = [[x, y], [x + 240, y], [x + 240, y + 240], [x, y + 240]];
                      b.fillStyle = '#333'; b.fillRect(0, 0, 640, 480);
                      b.drawImage(page, x, y, 240, 240);
                      s.drawImage(big, 0, 0, trackWidth, trackHeight);
                      let shown = follower.frame(grey(s.getImageData(0, 0, trackWidth, trackHeight).data, trackWidth, trackHeight));
                      if (pending && pending.at === i) { shown = follower.answer(pending.corners); pending = null; }
                      if (i % 15 === 0) { follower.send(); pending = { at: i + 3, corners: truth.map(([x, y]) => ({ x, y })) }; }
                      if (shown && i > 3) errors.push(shown.reduce((sum, c, k) => sum + Math.hypot(c.x - truth[k][0], c.y - truth[k][1]), 0) / 4);
                    }
                    return { errors, stats: follower.stats };
                    })().then(done, (error) => done({ error: String(error) }));
                    """) as! [String: Any]
            let errors = result["errors"] as! [Double]
            #expect(errors.count == 56, "\(result)")
            #expect(Self.median(errors) < 1.5, "\(errors)")
            #expect(errors.max()! < 4, "\(errors)")
        }
    }
}

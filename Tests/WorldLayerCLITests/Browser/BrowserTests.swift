import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// The browser client in real Chromium and WebKit against a real `worldlayer serve` with the demo
/// world, at a phone's size. `WORLDLAYER_SCREENSHOTS=DIR` keeps a picture of each screen
/// (`make screenshots` writes docs/screenshots/).
@Suite("Browser client in Chromium and WebKit", .serialized)
struct BrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
    static let seeded: (database: String, media: String) = {
        let db = CLI.scratchDatabase(), media = CLI.scratchMedia()
        _ = try? CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db, "--media", media])
        return (db, media)
    }()
    /// One copy of the seeded world per engine, so that the two engines' runs of a test (same
    /// sign-up names, same counts) never see each other's writes.
    static let worlds = Dictionary(uniqueKeysWithValues: Browser.Engine.allCases.map { ($0, freshWorld()) })

    /// A new copy of the seeded demo world's database.
    static func freshWorld() -> String {
        let copy = CLI.scratchDatabase()
        do {
            try FileManager.default.copyItem(
                atPath: String(seeded.database.dropFirst("sqlite:".count)), toPath: String(copy.dropFirst("sqlite:".count)))
        } catch {
            fatalError("the demo world could not be copied for a test: \(error)")  // every browser test would fail confusingly
        }
        return copy
    }

    /// A server on the demo world (seeded once; each engine has its own copy, and each test changes
    /// nothing another one reads: sign-ups use fresh names) that serves the client, without map tiles.
    static func server(_ engine: Browser.Engine, port: Int? = nil) async throws -> RunningServer {
        try await RunningServer(
            database: worlds[engine]!,
            extra: ["--media", seeded.media, "--web", root.appendingPathComponent("Web").path, "--tiles", "none"],
            port: port)
    }

    /// A server on a demo world of its own, with the tour bundle `bundle(database, media)` makes imported
    /// in place of the demo tour (tests that change the tour).
    static func server(withTour bundle: (String, String) throws -> URL) async throws -> RunningServer {
        let db = freshWorld(), media = seeded.media
        let folder = try bundle(db, media)
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
        guard imported.status == 0 else { throw CLIFailure("the tour bundle was not imported: \(imported.stderr)") }
        return try await RunningServer(
            database: db, extra: ["--media", media, "--web", root.appendingPathComponent("Web").path, "--tiles", "none"])
    }

    /// WebKit's pictures are named `NAME-webkit.png`.
    static func screenshot(_ browser: Browser, _ name: String) async throws {
        guard let folder = ProcessInfo.processInfo.environment["WORLDLAYER_SCREENSHOTS"] else { return }
        let file = browser.engine == .chromium ? name : "\(name)-webkit"
        try await browser.screenshot(to: URL(fileURLWithPath: folder).appendingPathComponent("\(file).png"))
    }

    /// A .y4m video of one demo camera frame, for the browser's fake camera (made by Debian's ffmpeg).
    static func camera(from frame: String) throws -> URL {
        try camera(file: root.appendingPathComponent("demo/frames/\(frame)"))
    }

    /// A .y4m video that shows one picture, for the browser's fake camera; through a narrower lens
    /// when `crop` is given (the picture's middle, that many pixels, scaled back up to its `size`).
    static func camera(file picture: URL, crop: (width: Int, height: Int)? = nil, size: (width: Int, height: Int) = (640, 480)) throws
        -> URL
    {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("wl-camera-\(UUID().uuidString).y4m")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let narrower = crop.map { ["-vf", "crop=\($0.width):\($0.height),scale=\(size.width):\(size.height)"] } ?? []
        p.arguments =
            ["ffmpeg", "-loglevel", "error", "-y", "-loop", "1", "-i", picture.path] + narrower + [
                "-frames:v", "10", "-pix_fmt", "yuv420p", out.path,
            ]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CLIFailure("ffmpeg failed: scripts/install-packages ffmpeg") }
        return out
    }

    @Test(
        "sign up, log out and in, settings, my stickers, blocking, and deleting the account through the Me tab",
        arguments: Browser.Engine.allCases)
    func accounts(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        _ = try await server.signUpAndLogIn("pest")
        _ = try await server.signUpAndLogIn("mate")
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/me")
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            // Installable: a manifest whose icons all load.
            let icons =
                try await browser.runAsync(
                    """
                    fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())
                      .then(m => Promise.all(m.icons.map(i => fetch(i.src).then(r => r.ok && r.headers.get('content-type').startsWith('image/')))))
                      .then(done)
                    """) as? [Bool]
            #expect(icons == [true, true, true])
            try await Self.screenshot(browser, "me")
            try await browser.type("#signup-username", "browsa")
            try await browser.type("#signup-displayName", "Browsa")
            try await browser.type("#signup-email", "browsa@example.org")
            _ = try await browser.run("document.querySelector('#signup-birthday').value = '1991-02-03'")
            try await browser.type("#signup-password", "correct horse")
            try await browser.click("#signup-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#hello") == "Signed in as Browsa (@browsa).")
            // After signing up, what to do next is right there.
            try await browser.waitOnScreen("#next-steps")
            // A tour ticket on a shared phone goes with the person logging out.
            _ = try await browser.run("localStorage.setItem('worldlayer.participant.some-tour', '{\"token\":\"t\"}')")
            try await browser.click("#logout")
            try await browser.waitOnScreen("#signup-form")
            #expect(try await browser.run("return localStorage.getItem('worldlayer.participant.some-tour')") is NSNull)
            try await browser.type("#login-login", "browsa")
            try await browser.type("#login-password", "wrong password")
            try await browser.click("#login-form button[type=submit]")
            #expect(
                try await browser.waitFor("a login error", "return document.querySelector('#login-form .error')?.textContent") as? String
                    == "That username or password is not right.")
            try await browser.waitOnScreen("#login-form .error")
            _ = try await browser.run("document.querySelector('#login-password').value = ''")
            try await browser.type("#login-password", "correct horse")
            try await browser.click("#login-form button[type=submit]")
            #expect(try await browser.text("#hello").hasPrefix("Signed in as Browsa"))
            #expect(try await browser.text("#my-stickers") == "No stickers yet: place one in AR.")

            // Settings go to the server: the weekly digest takes where I am as home.
            try await browser.click("#digest")
            _ = try await browser.waitFor("the digest saved", "return document.querySelector('#status').textContent === 'Saved.'")
            try await browser.waitOnScreen("#status")
            let token = try #require(try await browser.run("return localStorage.getItem('worldlayer.token')") as? String)
            let settings = try await server.request("GET", "/v1/me/settings", token: token).text
            #expect(settings.contains("\"weeklyDigest\":true") && settings.contains("60.1699"), "\(settings)")
            try await browser.type("#block-name", "@pest")
            try await browser.click("#block-form button[type=submit]")
            #expect(
                try await browser.waitFor("the block listed", "return document.querySelector('#blocked li')?.textContent") as? String
                    == "@pestUnblock")
            try await browser.waitOnScreen("#blocked li")
            // Someone who is not there: said in words for people.
            try await browser.type("#block-name", "@nobodyhere")
            try await browser.click("#block-form button[type=submit]")
            _ = try await browser.waitFor(
                "the refusal in words", "return document.querySelector('#status').textContent === 'There is no one with that username.'")
            try await browser.waitOnScreen("#status")
            // A private map made here, with a member.
            try await browser.type("#map-name", "Our corner")
            try await browser.click("#map-form button[type=submit]")
            try await browser.type("#my-maps form input", "mate")
            try await browser.click("#my-maps form button[type=submit]")
            let members = try await browser.waitFor(
                "the member listed",
                """
                const m = [...document.querySelectorAll('#my-maps .members li')].map(e => e.firstChild.textContent);
                return m.includes('@mate') ? m.join(',') : null
                """)
            #expect((members as? String ?? "").contains("@mate"))
            try await Self.screenshot(browser, "me-signed-in")

            // Deleting the account asks for the password, then nothing of it is left to log in to.
            try await browser.type("#delete-password", "correct horse")
            try await browser.click("#delete-form button[type=submit]")
            try await browser.waitOnScreen("#signup-form")
            #expect(try await server.request("POST", "/v1/sessions", json: #"{"login":"browsa","password":"correct horse"}"#).status == 401)
            let errors = try await browser.consoleErrors().filter { !$0.contains("401") && !$0.contains("404") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    /// Chromium only: WebKitGTK has no fake camera to show the page to.
    @Test("a book's page seen by the camera plays its video over the page, fitted to the page's corners")
    func bookComesAlive() async throws {
        let server = try await Self.server(.chromium)
        defer { server.stop() }
        let camera = try Self.camera(from: "astronaut.jpg")
        defer { try? FileManager.default.removeItem(at: camera) }
        try await Browser.using(camera: camera) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.type("#book-search", "scence")  // a typo: still found
            #expect(
                try await browser.waitFor("the book in the list", "return document.querySelector('#books a')?.textContent") as? String
                    == "Pictures of ScienceWorldLayer demo, scikit-image contributors".replacingOccurrences(
                        of: "WorldLayer", with: "by WorldLayer"))
            try await browser.waitOnScreen("#books a")
            try await browser.type("#tag-search", "hels")
            #expect(
                try await browser.waitFor("the tag", "return document.querySelector('#tags li strong')?.textContent") as? String
                    == "#helsinki")
            try await browser.waitOnScreen("#tags li strong")
            try await Self.screenshot(browser, "discover")
            try await browser.click("#books a")
            try await browser.waitOnScreen("#open-camera")
            try await Self.screenshot(browser, "book")
            try await browser.click("#open-camera")
            let target = try await browser.waitFor(
                "the video overlay",
                "const v = document.querySelector('#overlay'); return v && !v.hidden && v.dataset.corners ? v.dataset.target : null")
            #expect(target as? String == "f64a0b88-8a35-5a44-a513-97f6603bed08")
            // The corners the client placed the video at are the page's true corners in the frame…
            let truth =
                try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent("demo/frames/truth.json")))
                as! [[String: Any]]
            let expected = (truth.first { $0["frame"] as? String == "astronaut.jpg" }!["corners"] as! [[Double]])
            let placed =
                try await browser.run("return JSON.parse(document.querySelector('#overlay').dataset.corners)") as! [[String: Double]]
            for (p, e) in zip(placed, expected) { #expect(hypot(p["x"]! - e[0], p["y"]! - e[1]) < 5, "\(p) vs \(e)") }
            // …and the video element's own corners land there on screen (its transform maps them).
            let onScreen =
                try await browser.run(
                    """
                    const v = document.querySelector('#overlay'), cam = document.querySelector('#camera');
                    const m = new DOMMatrix(getComputedStyle(v).transform), w = v.offsetWidth, h = v.offsetHeight;
                    const sx = cam.clientWidth / 640, sy = cam.clientHeight / 480;
                    return [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => { const p = m.transformPoint(new DOMPoint(x, y)); return [p.x / p.w / sx, p.y / p.w / sy]; });
                    """) as! [[Double]]
            for (p, e) in zip(onScreen, expected) { #expect(hypot(p[0] - e[0], p[1] - e[1]) < 6, "\(p) vs \(e)") }
            #expect(try await browser.run("return document.querySelector('#overlay').loop") as? Bool == true)
            try await Self.screenshot(browser, "book-camera")
            let errors = try await browser.consoleErrors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test(
        "the map draws WorldLayer's own streets and buildings without tiles; search a place, route there from my position",
        arguments: Browser.Engine.allCases)
    func mapSearchAndRoute(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            try await browser.stand(at: 60.1710, 24.9414, accuracy: 8, origin: server.base)
            try await browser.open(server.base + "/#/map")
            let walkways = try await browser.waitFor(
                "streets drawn from the API", "return Number(document.querySelector('#map')?.dataset.walkways || 0) > 50")
            #expect(walkways as? Bool == true)
            // Buildings as filled outlines under the streets: Leaflet draws each as an SVG path with a fill.
            // Waited for: the map may still be moving to my position, and a move redraws them.
            let buildings: Any
            do {
                buildings = try await browser.waitFor(
                    "buildings drawn from the API",
                    // Centred on me the map may zoom to 17, where the station square's view holds only ~15 buildings.
                    "const n = Number(document.querySelector('#map').dataset.buildings || 0); return n >= 10 && document.querySelectorAll('#map path[fill=\"#d6d3d1\"]').length >= n"
                )
            } catch {
                // Say what the map showed, should this wait fail.
                let state = try? await browser.run(
                    """
                    const m = window.worldlayerMap, e = document.querySelector('#map');
                    return JSON.stringify({ buildings: e.dataset.buildings, walkways: e.dataset.walkways, paths: document.querySelectorAll('#map path[fill="#d6d3d1"]').length,
                      zoom: m.getZoom(), bounds: m.getBounds().toBBoxString(), size: m.getSize() })
                    """)
                throw CLIFailure("\(error); the map: \(state ?? "unreadable")")
            }
            #expect(buildings as? Bool == true)
            // The layers: places around, and the open tour's eight stops.
            #expect(
                try await browser.waitFor("the places layer", "return Number(document.querySelector('#map').dataset.places || 0)") as? Int
                    ?? 0 > 10)
            #expect(
                try await browser.waitFor("the tour stops layer", "return Number(document.querySelector('#map').dataset.tourStops || 0)")
                    as? Int == 8)
            // The sticker layer draws (one by one, or counted in clusters) every sticker the server finds around the view.
            // Other tests place stickers in this world meanwhile, and the map follows them live: asked again until both agree.
            // (Each try leaves what it compared in `window.stickerCounts`, which a failure reports.)
            let counts: [Int]?
            do {
                counts =
                    try await browser.waitFor(
                        "the stickers layer to draw what the server finds",
                        """
                        const e = document.querySelector('#map'), drawn = Number(e.dataset.stickers || 0);
                        if (!drawn || !e.dataset.layersAround) return null;
                        const [lat, lng, radius] = e.dataset.layersAround.split(',');
                        const around = new XMLHttpRequest();
                        around.open('GET', `/v1/stickers/nearby?latitude=${lat}&longitude=${lng}&radius=${radius}&limit=200`, false);
                        around.send();
                        const found = JSON.parse(around.responseText).stickers.length;
                        window.stickerCounts = { drawn, found, around: e.dataset.layersAround };
                        return drawn === found ? [drawn, found] : null;
                        """) as? [Int]
            } catch {
                let compared = try? await browser.run("return JSON.stringify(window.stickerCounts ?? null)")
                throw CLIFailure("\(error); last compared: \(compared ?? "unreadable")")
            }
            #expect(counts?.first ?? 0 > 0, "\(String(describing: counts))")
            // Layers in a fixed order, whatever was drawn last: own map < places < stickers < stops < route.
            let order =
                try await browser.run(
                    "return ['own', 'places', 'stickers', 'stops', 'route'].map(p => Number(getComputedStyle(document.querySelector(`.leaflet-${p}-pane`)).zIndex))"
                ) as? [Int] ?? []
            #expect(order == order.sorted() && Set(order).count == 5, "\(order)")
            try await browser.waitOnScreen("#legend")
            // Zoomed out, crowded stickers group into numbered circles that still count every one.
            _ = try await browser.run("window.worldlayerMap.setZoom(13, { animate: false })")
            let grouped =
                try await browser.waitFor(
                    "stickers grouped",
                    """
                    const n = [...document.querySelectorAll('.leaflet-stickers-pane .cluster')].map(e => Number(e.textContent));
                    const single = document.querySelectorAll('.leaflet-stickers-pane path').length;
                    return n.length ? [n.reduce((a, b) => a + b, 0) + single, Number(document.querySelector('#map').dataset.stickers)] : null
                    """) as? [Int] ?? []
            #expect(grouped.count == 2 && grouped[0] == grouped[1], "\(grouped)")
            // Panning fetches what is in the new view.
            let before = try await browser.run("return document.querySelector('#map').dataset.layersAround") as? String
            _ = try await browser.run("window.worldlayerMap.panBy([0, -400], { animate: false })")
            _ = try await browser.waitFor(
                "the layers fetched for the new view", "return document.querySelector('#map').dataset.layersAround !== arguments[0]",
                [before ?? ""])
            try await browser.type("#place-search", "tuomiokirkko")
            try await browser.click(".place-result")
            #expect(try await browser.waitOnScreen("#place-sheet h3").lowercased().contains("tuomiokirkko"))
            try await browser.click("#route-here")
            let summary = try await browser.waitOnScreen("#route-summary")
            #expect(summary.contains("min on foot") && summary.contains("arrive at"), "\(summary)")
            #expect(try await browser.run("return Number(document.querySelector('#map').dataset.route)") as? Int ?? 0 > 2)
            #expect(try await browser.run("return document.querySelectorAll('#route-steps li').length") as? Int ?? 0 >= 2)
            // The route is drawn over the streets and buildings, with a pin at its end.
            #expect(try await browser.run("return document.querySelectorAll('.leaflet-route-pane path').length") as? Int ?? 0 >= 2)
            #expect(try await browser.run("return document.querySelectorAll('.leaflet-route-pane .pin').length") as? Int ?? 0 >= 1)
            try await Self.screenshot(browser, "map-route")
            // The same route in AR: waypoints from where I stand to the destination marker.
            try await browser.click("#view-in-ar")
            try await browser.enterAR()
            let waypoints = try await browser.waitFor(
                "waypoints in the AR scene",
                """
                const o = window.worldlayerAR?.objects() ?? []; const w = o.filter(x => x.kind === 'waypoint' && x.distance !== undefined);
                return w.length > 2 && o.some(x => x.kind === 'destination') ? w.length : null
                """)
            #expect(waypoints as? Int ?? 0 > 2)
            let first =
                try await browser.run(
                    "return Math.min(...window.worldlayerAR.objects().filter(x => x.kind === 'waypoint').map(x => Math.hypot(x.x, x.z)))")
                as? Double
            #expect((first ?? 999) < 40, "the route starts where I stand")
            #expect(
                try await browser.waitFor(
                    "the tour's stops in AR", "return window.worldlayerAR.objects().filter(x => x.kind === 'tour-stop').length") as? Int
                    == 8)
            // The next turn and how far, in a banner over the camera; the accuracy badge on top of the scene.
            let banner = try await browser.waitOnScreen("#ar-guidance")
            #expect(banner.hasPrefix("In ") || banner.contains("arrived"), "\(banner)")
            try await browser.waitOnScreen("#ar-accuracy")
            // Arrows on the ground: below the eye, whatever the browser knows of altitude.
            let heights =
                try await browser.run("return window.worldlayerAR.objects().filter(x => x.kind === 'waypoint').map(x => x.y)") as? [Double]
                ?? []
            #expect(!heights.isEmpty && heights.allSatisfy { $0 < -1 }, "\(heights.prefix(5))")
            // Tapping a stop shows its text and its narration player.
            // The stops stand behind this walker: opened as a tap on one would (the tap itself: the live sticker test).
            _ = try await browser.run("window.worldlayerAR.open(window.worldlayerAR.objects().find(x => x.kind === 'tour-stop').id)")
            try await browser.element("#stop-sheet audio")
            try await browser.waitOnScreen("#stop-sheet h3")
            // Place names over the camera, laid out by the server: some, and no two overlapping.
            let labels = try await browser.waitFor(
                "place labels in AR",
                """
                const r = [...document.querySelectorAll('#ar-labels .place-label')].map(e => e.getBoundingClientRect());
                if (!r.length) return null;
                const overlap = r.some((a, i) => r.some((b, j) => i < j && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5));
                return overlap ? -1 : r.length
                """)
            #expect(labels as? Int ?? 0 > 0, "labels: \(labels)")
            // A place seen here, chosen later on the map ("View in AR"), is the one label picked out in AR.
            let seen =
                try await browser.run(
                    "const l = document.querySelector('#ar-labels .place-label'); return [l.dataset.place, l.firstChild.textContent]")
                as! [String]
            // Readable, whole (never cut short), and a tap opens the place's sheet.
            let fonts =
                try await browser.run(
                    "return [...document.querySelectorAll('#ar-labels .place-label')].map(e => parseFloat(getComputedStyle(e).fontSize))")
                as? [Double] ?? []
            #expect(fonts.allSatisfy { $0 >= 12 }, "\(fonts)")
            #expect(
                try await browser.run(
                    "return [...document.querySelectorAll('#ar-labels .place-label')].every(e => e.scrollWidth <= e.clientWidth + 1)")
                    as? Bool == true)
            _ = try await browser.run("document.querySelector('#ar-labels .place-label').click()")
            try await browser.waitOnScreen("#place-sheet h3")
            // Turned away from the destination: a pointer at the screen's edge shows where it is.
            _ = try await browser.run(
                """
                const d = window.worldlayerAR.objects().find(x => x.kind === 'destination');
                window.worldlayerAR.pose.heading = (Math.atan2(d.x, -d.z) * 180 / Math.PI + 540) % 360;
                """)
            #expect(try await browser.waitOnScreen("#ar-edge span").contains(" m"))
            // Ending the route takes it out of the scene.
            try await browser.click("#end-route")
            #expect(
                try await browser.waitFor(
                    "the route gone",
                    "return window.worldlayerAR.objects().every(x => x.kind !== 'waypoint') && document.querySelector('#ar-guidance').hidden"
                ) as? Bool == true)
            try await browser.open(server.base + "/#/map")
            // Search ranks places of the same name by distance from the map's centre: wait until it is on me
            // (the previous screen's map may still be the one on `window` for a moment).
            _ = try await browser.waitFor(
                "the map centred on me",
                "try { return window.worldlayerMap.getCenter().distanceTo([60.1710, 24.9414]) < 30 } catch { return false }")
            try await browser.type("#place-search", seen[1])
            try await browser.click(".place-result[data-place='\(seen[0])']")
            try await browser.click("#place-in-ar")
            let chosen = try await browser.waitFor(
                "the chosen place's label", timeout: 40, "return document.querySelector('#ar-labels .place-label.chosen')?.dataset.place")
            #expect(chosen as? String == seen[0])
            try await Self.screenshot(browser, "ar-route")
            let errors = try await browser.consoleErrors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test(
        "the browser's placement math, and its inverse for WebXR surface hits, agree with the Swift geo engine",
        arguments: Browser.Engine.allCases)
    func placementMatchesSwift(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            let cases: [[String: Double]] = [
                [
                    "lat": 60.1699, "lon": 24.9384, "alt": 20, "hdg": 0, "hacc": 5, "hdgacc": 10, "alat": 60.1702, "alon": 24.9390,
                    "aalt": 2,
                ],
                [
                    "lat": 60.1699, "lon": 24.9384, "alt": 20, "hdg": 237.5, "hacc": 3, "hdgacc": 25, "alat": 60.1650, "alon": 24.9500,
                    "aalt": 30,
                ],
                [
                    "lat": -33.8568, "lon": 151.2153, "alt": 5, "hdg": 90, "hacc": 8, "hdgacc": 5, "alat": -33.8523, "alon": 151.2108,
                    "aalt": 0,
                ],
                ["lat": 40.64, "lon": -73.78, "alt": 0, "hdg": 359.9, "hacc": 0, "hdgacc": 0, "alat": 51.47, "alon": -0.45, "aalt": 0],
            ]
            let fromBrowser =
                try await browser.runAsync(
                    """
                    import('/js/geo.js').then(g => done(arguments[0].map(c => g.place(
                      { latitude: c.lat, longitude: c.lon, altitude: c.alt, heading: c.hdg, horizontalAccuracy: c.hacc, headingAccuracy: c.hdgacc },
                      { latitude: c.alat, longitude: c.alon, altitude: c.aalt, altitudeMode: 'relativeToGround' }))))
                    """, [cases]) as! [[String: Double]]
            for (c, js) in zip(cases, fromBrowser) {
                // `--name=value`: a negative value must not read as an option.
                let r = try CLI.run([
                    "geo", "place", "--device-latitude=\(c["lat"]!)", "--device-longitude=\(c["lon"]!)", "--device-altitude=\(c["alt"]!)",
                    "--heading=\(c["hdg"]!)", "--horizontal-accuracy=\(c["hacc"]!)", "--heading-accuracy=\(c["hdgacc"]!)",
                    "--anchor-latitude=\(c["alat"]!)", "--anchor-longitude=\(c["alon"]!)", "--anchor-altitude=\(c["aalt"]!)",
                ])
                try #require(r.status == 0, "\(r.stderr)")
                let numbers = r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
                // x y z, distance ground bearing, horizontal vertical — printed to 4 (metres) and 3 decimals.
                let swift = [
                    "x": numbers[0], "y": numbers[1], "z": numbers[2], "distance": numbers[3], "horizontalUncertainty": numbers[6],
                ]
                for (key, value) in swift {
                    #expect(abs(js[key]! - value) <= 0.0005 + abs(value) * 1e-12, "\(key): browser \(js[key]!) vs Swift \(value) for \(c)")
                }
                // The way back (a WebXR surface hit → latitude, longitude, height): Swift's offset leads to the anchor.
                let back =
                    try await browser.runAsync(
                        """
                        import('/js/geo.js').then(g => done(g.unplace(
                          { latitude: arguments[0].lat, longitude: arguments[0].lon, altitude: arguments[0].alt, heading: arguments[0].hdg },
                          { x: arguments[1][0], y: arguments[1][1], z: arguments[1][2] })))
                        """, [c, Array(numbers[0..<3])]) as! [String: Double]
                let metresPerDegree = 111_320.0
                #expect(abs(back["latitude"]! - c["alat"]!) * metresPerDegree < 0.001, "latitude back \(back) for \(c)")
                #expect(
                    abs(back["longitude"]! - c["alon"]!) * metresPerDegree * cos(c["alat"]! * .pi / 180) < 0.001,
                    "longitude back \(back) for \(c)")
                // relativeToGround: the anchor's height is the device's, less 1.5 m to the ground, plus its altitude.
                #expect(abs(back["height"]! - (c["alt"]! - 1.5 + c["aalt"]!)) < 0.001, "height back \(back) for \(c)")
            }
        }
    }

    @Test(
        "a sticker placed in the AR view of one browser appears live in another's, two metres in front of its maker",
        arguments: Browser.Engine.allCases)
    func placeAndSeeLive(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("placer")
        try await Browser.using(engine) { maker in
            try await Browser.using(engine) { watcher in
                // A spot of its own: other suites place stickers 2 m ahead of 60.16952, 24.95250, and the
                // maker taps the nearest thing drawn under the finger.
                for b in [maker, watcher] {
                    try await b.open(server.base + "/#/discover")
                    try await b.stand(at: 60.16962, 24.95290, accuracy: 4, origin: server.base)
                }
                _ = try await maker.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
                for b in [maker, watcher] {
                    try await b.open(server.base + "/#/ar")
                    try await b.enterAR()
                    _ = try await b.waitFor("a position in AR", "return window.worldlayerAR?.pose.latitude")
                }
                _ = try await watcher.waitFor(
                    "the stickers around", "return document.querySelector('#ar-accuracy')?.textContent.includes('±4 m')")
                // Stickers made with 3D templates show their glTF models.
                let models = try await watcher.waitFor(
                    "a 3D sticker's model loaded", "return window.worldlayerAR.objects().filter(x => x.model && x.parts > 0).length")
                #expect(models as? Int ?? 0 > 0)
                let before =
                    try await watcher.run("return window.worldlayerAR.objects().filter(x => x.kind === 'sticker').map(x => x.id)")
                    as? [String] ?? []
                try await maker.click("#place-sticker")
                try await maker.type("#place-text", "Live from the maker")
                try await maker.openMorePlacingOptions()
                try await maker.type("#place-tags", "#browser")
                try await maker.click("#place-submit")
                do { try await maker.element("#placed") } catch {
                    throw CLIFailure(
                        "not placed: \(try await maker.run("return document.querySelector('#ar-sheet')?.textContent + ' / ' + document.querySelector('#status')?.textContent") ?? "")"
                    )
                }
                let made =
                    try await maker.waitFor(
                        "the new sticker in the maker's scene",
                        """
                        const s = window.worldlayerAR.objects().filter(x => x.kind === 'sticker' && x.text === 'Live from the maker' && !arguments[0].includes(x.id) && x.distance !== undefined);
                        return s.length ? s[0] : null
                        """, [before]) as? [String: Any]
                let id = try #require(made?["id"] as? String)
                #expect(abs((made?["distance"] as? Double ?? 0) - 2) < 0.05, "placed 2 m ahead: \(String(describing: made))")
                #expect(
                    try await watcher.waitFor(
                        "the sticker arriving live", "return window.worldlayerAR.objects().some(x => x.id === arguments[0])", [id]) as? Bool
                        == true)
                #expect(!before.contains(id))
                // The maker edits it (tapping it opens its sheet): the watcher sees the new text, live.
                try await maker.tapInAR(id, until: "#edit-text")
                _ = try await maker.run("document.querySelector('#edit-text').value = ''")
                try await maker.type("#edit-text", "Edited live")
                try await maker.click("#edit-form button[type=submit]")
                do { try await maker.element("#edited") } catch {
                    throw CLIFailure(
                        "not edited: \(try await maker.run("return document.querySelector('#status')?.textContent + ' / ' + document.querySelector('#ar-sheet')?.textContent") ?? "")"
                    )
                }
                let edited = try await watcher.waitFor(
                    "the edit arriving live",
                    "return window.worldlayerAR.objects().find(x => x.id === arguments[0])?.text === 'Edited live'", [id])
                #expect(edited as? Bool == true)
                try await Self.screenshot(maker, "ar-placed")
                #expect(try await maker.consoleErrors().isEmpty)
                #expect(try await watcher.consoleErrors().isEmpty)
            }
        }
    }

    @Test(
        "a guided tour lets nobody past without a valid passkey; with one, the start page offers AR and questions",
        arguments: Browser.Engine.allCases)
    func guidedTourPasskey(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        let guide = try await server.signUpAndLogIn("guidee")
        let db = Self.worlds[engine]!
        #expect(try CLI.run(["tour", "guide", "helsinki-guided", "guidee", "--database", db]).status == 0)
        let group = try await server.request(
            "POST", "/v1/tours/helsinki-guided/groups", json: #"{"name":"Morning group","passkeys":2}"#, token: guide)
        let keys = (try JSONSerialization.jsonObject(with: Data(group.text.utf8)) as? [String: Any])?["passkeys"] as? [String] ?? []
        let key = try #require(keys.first, "\(group.text)")
        let groupID = try #require(
            ((try JSONSerialization.jsonObject(with: Data(group.text.utf8)) as? [String: Any])?["group"] as? [String: Any])?["id"]
                as? String)
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/tours")
            // A phone knows where it is (headless Chromium has no location provider of its own).
            try await browser.stand(at: 60.1699, 24.9384, accuracy: 10, origin: server.base)
            try await browser.click("#tours a[href='#/tours/helsinki-guided']")
            try await browser.type("#passkey", "AAAA-AAAA")
            try await browser.click("#passkey-form button[type=submit]")
            let refused = try await browser.waitOnScreen("#passkey-error")
            #expect(refused == "That passkey is not right: check it with your guide.", "\(refused)")
            #expect(try await browser.run("return document.querySelector('#start-ar') === null") as? Bool == true)
            try await Self.screenshot(browser, "tour-passkey")
            _ = try await browser.run("document.querySelector('#passkey').value = ''")
            try await browser.type("#passkey", key)
            try await browser.type("#passkey-name", "Ana")
            try await browser.click("#passkey-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#welcome").contains("Ana"))
            try await browser.element("#start-ar")
            // Joined: the guided tour's four stops stand in the AR view.
            try await browser.click("#start-ar")
            try await browser.enterAR()
            #expect(
                try await browser.waitFor(
                    "the guided stops in AR",
                    "return window.worldlayerAR?.objects().filter(x => x.tour === 'helsinki-guided').length || null") as? Int == 4)
            try await browser.open(server.base + "/#/tours/helsinki-guided")
            // An empty question is refused here, in words, before anything is sent.
            try await browser.click("#ask-form button[type=submit]")
            #expect(try await browser.waitOnScreen("#question-error") == "Write a question first.")
            try await browser.type("#question", "How old is the statue?")
            // The answer wanted by mail too, after the tour.
            try await browser.type("#question-email", "ana@example.org")
            try await browser.click("#ask-form button[type=submit]")
            let asked = try await browser.waitFor(
                "my question listed", "return document.querySelector('#my-questions li')?.firstChild.textContent")
            #expect(asked as? String == "How old is the statue?")
            // Below the form: scrolled to, as a person scrolls down.
            _ = try await browser.run("document.querySelector('#my-questions').scrollIntoView({block: 'center'})")
            #expect(try await browser.waitOnScreen("#my-questions .mailed") == "The answer will also be mailed to ana@example.org.")
            // The guide answers on their own screen; the visitor sees the answer come, with no reload.
            let questions = try await server.request("GET", "/v1/tour-groups/\(groupID)/questions", token: guide).text
            let questionID = try #require(
                ((try JSONSerialization.jsonObject(with: Data(questions.utf8)) as? [String: Any])?["questions"] as? [[String: Any]])?
                    .first?["id"] as? String)
            let answered = try await server.request(
                "POST", "/v1/tour-groups/\(groupID)/questions/\(questionID)/answer", json: #"{"answer":"Unveiled in 1894."}"#, token: guide)
            #expect(answered.status == 200, "\(answered.text)")
            _ = try await browser.waitFor(
                "the answer arriving", "return document.querySelector('#my-questions .answer')?.textContent.includes('1894') || null")
            let mailed = try #require(
                try await MailFolder(url: server.mailFolder).waitForMessages(to: "ana@example.org", subject: "the guide's answer").first)
            #expect(mailed.body.contains("How old is the statue?") && mailed.body.contains("Unveiled in 1894."))
            try await Self.screenshot(browser, "tour-guided")
            // Leaving forgets the ticket: the passkey is asked for again.
            try await browser.click("#leave-tour")
            try await browser.waitOnScreen("#passkey-form")
            // The wrong passkey's refusal is logged by the browser as a failed request; nothing else may be.
            let errors = try await browser.consoleErrors().filter { !$0.contains("/redeem") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }

    @Test("walking an open tour: standing at its first stop stamps it in the stamp book", arguments: Browser.Engine.allCases)
    func openTourStamps(engine: Browser.Engine) async throws {
        let server = try await Self.server(engine)
        defer { server.stop() }
        let token = try await server.signUpAndLogIn("walker")
        let tour =
            try JSONSerialization.jsonObject(with: Data(try await server.request("GET", "/v1/tours/helsinki-monuments").text.utf8))
            as? [String: Any]
        let first = try #require((tour?["stops"] as? [[String: Any]])?.first?["position"] as? [String: Double])
        try await Browser.using(engine) { browser in
            try await browser.open(server.base + "/#/discover")
            _ = try await browser.run("localStorage.setItem('worldlayer.token', arguments[0])", [token])
            try await browser.stand(at: first["latitude"]!, first["longitude"]!, accuracy: 5, origin: server.base)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            #expect(try await browser.text("#stamp-count") == "0 of 8 stops stamped")
            // The stamp is celebrated on screen, and counted in the book.
            let medal = try await browser.waitOnScreen("#celebration-title", timeout: 30)
            #expect(medal == "Stamp collected!")
            try await Self.screenshot(browser, "tour-stamp")
            try await browser.click("#celebration-ok")
            // Arriving opened the stop with its narration (on by default); the next stop says how far.
            try await browser.waitOnScreen("#stop-detail h3")
            #expect(try await browser.run("return !!document.querySelector('#stop-detail audio')") as? Bool == true)
            _ = try await browser.waitFor(
                "the next stop", "return document.querySelector('#next-stop')?.textContent.startsWith('Next: 2.') || null")
            #expect(try await browser.text("#stamp-count") == "1 of 8 stops stamped")
            #expect(try await browser.run("return document.querySelectorAll('#stamp-book .stamped').length") as? Int == 1)
            try await browser.click("#tour-stops li button")
            try await browser.waitOnScreen("#stop-detail h3")
            #expect(try await browser.run("return !!document.querySelector('#stop-detail audio')") as? Bool == true)
            try await Self.screenshot(browser, "tour-open")
            let errors = try await browser.consoleErrors()
            #expect(errors.isEmpty, "\(errors)")
        }
    }
}

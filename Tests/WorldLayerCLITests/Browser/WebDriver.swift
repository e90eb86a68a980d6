import Foundation

/// A phone's browser for the tests, driven over the W3C WebDriver protocol: headless Chromium
/// (Debian's `chromium` and `chromium-driver`) or WebKit, the engine of every iPhone browser
/// (WebKitGTK's MiniBrowser under WebKitWebDriver, from `webkit2gtk-driver`, on an Xvfb display).
final class Browser {
    enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
        case chromium, webkit
        var description: String { rawValue }
    }

    let engine: Engine
    private let driver = Process()
    private var display: WebKitDisplay.Display?
    private let port: Int
    private var session = ""
    /// WebKit only: whether `refuseLocation` was asked for, kept for every page opened after.
    private var locationRefused = false
    /// WebKit only: where `stand(at:)` put the phone, fed to the page through a geolocation stand-in.
    private var position: (latitude: Double, longitude: Double, accuracy: Double)?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts a driver and a browser of the given window size. `camera` (Chromium) is a .y4m file
    /// the browser shows as its camera.
    init(engine: Engine = .chromium, width: Int = 360, height: Int = 740, camera: URL? = nil) async throws {
        self.engine = engine
        port = try RunningServer.freePort()
        let capabilities: [String: Any]
        switch engine {
        case .chromium:
            guard FileManager.default.fileExists(atPath: "/usr/bin/chromedriver") else {
                throw Failure(description: "chromedriver is missing: scripts/install-packages chromium chromium-driver")
            }
            driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
            driver.arguments = ["--port=\(port)"]
            var args = [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)",
                "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required",
            ]
            if let camera { args.append("--use-file-for-fake-video-capture=\(camera.path)") }
            capabilities = [
                "capabilities": [
                    "alwaysMatch": [
                        "browserName": "chrome",
                        "goog:chromeOptions": ["binary": "/usr/bin/chromium", "args": args],
                        "goog:loggingPrefs": ["browser": "ALL"],
                    ]
                ]
            ]
        case .webkit:
            let display = try await WebKitDisplay.start()
            self.display = display
            driver.executableURL = URL(fileURLWithPath: WebKitDisplay.driver)
            driver.arguments = ["--port=\(port)"]
            driver.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": ":\(display.number)"]) { $1 }
            capabilities = [
                "capabilities": [
                    "alwaysMatch": ["webkitgtk:browserOptions": ["binary": WebKitDisplay.miniBrowser, "args": ["--automation"]]]
                ]
            ]
        }
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? await call("GET", "/status")) == nil { try await Task.sleep(nanoseconds: 100_000_000) }
        let created = try await call("POST", "/session", capabilities)
        guard let id = (created as? [String: Any])?["sessionId"] as? String else {
            throw Failure(description: "no WebDriver session: \(String(describing: created))")
        }
        session = id
        if engine == .webkit { _ = try await call("POST", "/session/\(session)/window/rect", ["width": width, "height": height]) }
    }

    /// Runs `body` with a fresh browser and quits it afterwards, however the body ends. Any console
    /// error, uncaught error or unhandled rejection left at the end fails the test that caused it,
    /// unless it contains one of `allowing` (a refusal the test provoked on purpose).
    static func using<R>(
        _ engine: Engine = .chromium, camera: URL? = nil, allowing allowed: [String] = [], _ body: (Browser) async throws -> R
    ) async throws -> R {
        let browser = try await Browser(engine: engine, camera: camera)
        do {
            let result = try await body(browser)
            let errors = try await browser.consoleErrors().filter { error in !allowed.contains { error.contains($0) } }
            await browser.quit()
            guard errors.isEmpty else { throw Failure(description: "the page logged errors: \(errors.joined(separator: " | "))") }
            return result
        } catch {
            await browser.quit()
            throw error
        }
    }

    /// Puts the phone at a position. Chromium: location and motion allowed for the site, the position set through
    /// DevTools (headless Chromium has no location provider of its own). WebKitGTK has neither a
    /// location provider here nor DevTools, so the page gets a stand-in `navigator.geolocation` that
    /// answers with this position, as a phone's GPS would, through the same calls the app makes.
    func stand(at latitude: Double, _ longitude: Double, accuracy: Double, origin: String) async throws {
        switch engine {
        case .chromium:
            try await devTools("Browser.grantPermissions", ["origin": origin, "permissions": ["geolocation", "sensors"]])
            try await devTools("Emulation.setGeolocationOverride", ["latitude": latitude, "longitude": longitude, "accuracy": accuracy])
        case .webkit:
            position = (latitude, longitude, accuracy)
            _ = try await run(WebKitDisplay.positionStandIn, [latitude, longitude, accuracy])
        }
    }

    /// The person refuses location access for the site. Chromium: the permission denied through
    /// DevTools, so the browser itself answers the page's request with PERMISSION_DENIED. WebKitGTK
    /// (no location provider, no DevTools): a stand-in `navigator.geolocation` answering so, as
    /// Safari does after "Don't Allow", on this page and every page opened after.
    func refuseLocation(origin: String) async throws {
        switch engine {
        case .chromium:
            try await devTools(
                "Browser.setPermission", ["origin": origin, "permission": ["name": "geolocation"], "setting": "denied"])
        case .webkit:
            locationRefused = true
            _ = try await run(WebKitDisplay.refusedPositionStandIn)
        }
    }

    // Children of a test inherit its blocked signals: SIGTERM never reaches them.
    deinit {
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        display?.stop()
    }

    func quit() async {
        if !session.isEmpty { _ = try? await call("DELETE", "/session/\(session)") }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
        display?.stop()
    }

    // MARK: Pages and elements

    func open(_ url: String) async throws {
        _ = try await call("POST", "/session/\(session)/url", ["url": url])
        guard engine == .webkit else { return }
        // A new page: collect its errors, give it the stand-in sensors, and draw its screen again
        // with them (the first drawing came before either).
        _ = try await run(WebKitDisplay.errorCollector)
        _ = try await run(WebKitDisplay.orientationStandIn)
        if let position { _ = try await run(WebKitDisplay.positionStandIn, [position.latitude, position.longitude, position.accuracy]) }
        if locationRefused { _ = try await run(WebKitDisplay.refusedPositionStandIn) }
        _ = try await run("dispatchEvent(new HashChangeEvent('hashchange'))")
        // The view drawn again (the app marks #screen busy from the route change until then), so
        // that no element of the first drawing is found in the meantime.
        _ = try await waitFor("the view drawn with the stand-ins", "return !document.querySelector('#screen[aria-busy]')")
    }

    /// The first element matching a CSS selector, waiting for it to appear. Up to 30 s: with three
    /// browser tests on two cores, WebKit drawing the AR scene in software answered a lookup of an
    /// element already on the page only after 15 s (it returns at once when the element is there).
    @discardableResult
    func element(_ css: String, timeout: TimeInterval = 30) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = try? await call("POST", "/session/\(session)/element", ["using": "css selector", "value": css])
                as? [String: Any],
                let id = found.values.first as? String
            {
                return id
            }
            guard Date() < deadline else { throw Failure(description: "no element '\(css)' after \(Int(timeout)) s; \(await shown())") }
            try await Task.sleep(nanoseconds: 150_000_000)
        }
    }

    /// Taps the element `css` names after scrolling it to the middle of the screen, clear of the tab bar.
    /// A list that re-renders between finding the element and the tap (a search answering a later
    /// keystroke) leaves a stale node, and a scroll not yet settled on a loaded machine leaves the tab
    /// bar over it: then it is found and scrolled to again, as a person would tap what is on screen
    /// now, at most three times.
    /// Taps the element as a person would. Tried again only when the element was replaced meanwhile,
    /// or the tab bar was over it (the page scrolls it clear), or what was over it has gone by the time
    /// it is asked; anything still over it would eat a person's tap too, so the click fails naming it.
    func click(_ css: String) async throws {
        for attempt in 1...3 {
            let id = try await element(css)
            _ = try await run("document.querySelector(arguments[0])?.scrollIntoView({block: 'center'})", [css])
            do {
                _ = try await call("POST", "/session/\(session)/element/\(id)/click", [String: Any]())
                return
            } catch  where attempt < 3 && "\(error)".contains("stale element reference") {
                continue
            } catch  where "\(error)".contains("element not interactable") {
                // WebKit says so of an element drawn again or still moving into place at that instant.
                guard attempt < 3 else { throw Failure(description: "'\(css)' could not be tapped: \(error)") }
                try await Task.sleep(for: .milliseconds(300))
            } catch  where "\(error)".contains("element click intercepted") {
                let cover = try await run(Self.coverOf, [css]) as? String ?? "something"
                guard attempt < 3, cover == "the tab bar" || cover == "nothing now" else {
                    throw Failure(description: "'\(css)' could not be tapped: \(cover) was over it")
                }
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }

    /// What is at the middle of an element instead of it: "the tab bar", or the covering element's start.
    static let coverOf = """
        const e = document.querySelector(arguments[0]); if (!e) return 'nothing (it is gone)';
        const r = e.getBoundingClientRect(), top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!top || e.contains(top)) return 'nothing now';
        return top.closest('nav.tabs') ? 'the tab bar' : top.outerHTML.slice(0, 100);
        """

    /// Goes on into AR as a person does: past the safety word it shows the first time, if shown.
    func enterAR() async throws {
        let shown = try await waitFor("AR or its safety word", "return document.querySelector('#safety-start, #ar')?.id")
        if shown as? String == "safety-start" { try await click("#safety-start") }
        try await element("#ar")
    }

    /// Opens the placing form's second step (tags, colour, size, who sees it…) by tapping its summary, as a person does.
    func openMorePlacingOptions() async throws {
        if try await run("return document.querySelector('#place-more')?.open") as? Bool == true { return }
        try await click("#place-more > summary")
        // Open, and the sheet done growing to make room for it: a tap aimed mid-growth lands elsewhere.
        _ = try await waitFor(
            "the placing form's second step",
            "return (document.querySelector('#place-more').open && !document.querySelector('.sheet.settling')) || null")
    }

    /// Waits until an element is on screen as a person would see it, without scrolling: shown,
    /// its head inside the window and above the tab bar, text at least 12 px, and not covered by
    /// anything else (what the page shows at its head is it or inside it); returns its text.
    @discardableResult
    func waitOnScreen(_ css: String, timeout: TimeInterval = 20) async throws -> String {
        do {
            return try await waitFor("'\(css)' on screen", timeout: timeout, Self.onScreen, [css]) as? String ?? ""
        } catch {
            // Say where it was and what was over it.
            let seen = try? await run(
                """
                const e = document.querySelector(arguments[0]); if (!e) return 'absent';
                const r = e.getBoundingClientRect(), top = document.elementFromPoint(r.left + Math.min(r.width / 2, 24), r.top + Math.min(r.height, 14) / 2);
                return `at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} in ${innerWidth}x${innerHeight}, text "${e.textContent.slice(0, 60)}", under ${top?.outerHTML.slice(0, 80)}`
                """, [css])
            throw Failure(description: "\(error); '\(css)' \(seen ?? "unreadable")")
        }
    }

    /// The test behind `waitOnScreen`: the element's text when it is seen, null when not.
    static let onScreen = """
        const e = document.querySelector(arguments[0]);
        if (!e || e.hidden || e.closest('[hidden]')) return null;
        const r = e.getBoundingClientRect(), style = getComputedStyle(e);
        const tabs = document.querySelector('.tabs');
        const bottom = tabs && !tabs.contains(e) ? tabs.getBoundingClientRect().top : innerHeight;
        const head = Math.min(r.height, 14);
        const inside = r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.top + head <= bottom + 0.5;
        if (!inside || style.visibility === 'hidden' || parseFloat(style.fontSize) < 12) return null;
        const seen = document.elementFromPoint(r.left + Math.min(r.width / 2, 24), r.top + head / 2);
        return seen && (seen === e || e.contains(seen)) ? e.textContent : null;
        """

    /// Presses and holds with the secondary button on a point `dx`, `dy` CSS pixels from the middle of
    /// an element: what a long press on a phone's screen gives a page (`contextmenu`), done as a
    /// desktop person does it.
    func pressAndHold(_ css: String, dx: Double, dy: Double) async throws {
        let id = try await element(css)
        let origin = ["element-6066-11e4-a52e-4f735466cecf": id]
        let pointer: [String: Any] = [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "origin": origin, "x": Int(dx.rounded()), "y": Int(dy.rounded()), "duration": 0],
                ["type": "pointerDown", "button": 2], ["type": "pause", "duration": 600], ["type": "pointerUp", "button": 2],
            ],
        ]
        _ = try await call("POST", "/session/\(session)/actions", ["actions": [pointer]])
        _ = try? await call("DELETE", "/session/\(session)/actions")
    }

    /// Taps the page at a point of the window (CSS pixels from its top left), as a finger would:
    /// whatever is drawn there gets it.
    func tap(x: Double, y: Double) async throws {
        let pointer: [String: Any] = [
            "type": "pointer", "id": "finger", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "origin": "viewport", "x": Int(x.rounded()), "y": Int(y.rounded()), "duration": 0],
                ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
            ],
        ]
        _ = try await call("POST", "/session/\(session)/actions", ["actions": [pointer]])
        _ = try? await call("DELETE", "/session/\(session)/actions")
    }

    /// Taps what the AR view draws for `id` where it is on screen: the view's own picking decides
    /// what was hit, as for a person's finger.
    func tapInAR(_ id: String) async throws {
        let point =
            try await waitFor(
                "'\(id)' drawn on screen",
                """
                // The point of its rectangle nearest the view's middle where the canvas itself is on top
                // (not a sheet, a banner or a button over it): where a person's finger would go.
                const p = window.worldlayerAR?.drawnAt(arguments[0]), canvas = document.querySelector('#ar canvas');
                if (!p || !canvas) return null;
                const points = [];
                for (let x = Math.max(p.left, 0) + 4; x < Math.min(p.right, innerWidth) - 4; x += 8)
                  for (let y = Math.max(p.top, 0) + 4; y < Math.min(p.bottom, innerHeight) - 4; y += 8) points.push([x, y]);
                points.sort((a, b) => Math.hypot(a[0] - p.x, a[1] - p.y) - Math.hypot(b[0] - p.x, b[1] - p.y));
                return points.find(([x, y]) => document.elementFromPoint(x, y) === canvas) ?? null;
                """, [id]) as? [Double] ?? []
        guard point.count == 2 else { throw Failure(description: "no screen point for \(id)") }
        try await tap(x: point[0], y: point[1])
    }

    /// Taps `id` in AR until `shown` appears, at most three times: as a person taps again when a
    /// busy phone drew the object elsewhere a moment later.
    func tapInAR(_ id: String, until shown: String) async throws {
        for attempt in 1...3 {
            try await tapInAR(id)
            do {
                _ = try await waitFor(
                    "'\(shown)' after tapping \(id)", timeout: 10, "return document.querySelector(arguments[0]) ? true : null", [shown])
                return
            } catch  where attempt < 3 {}
        }
    }

    /// Presses the primary button in the middle of an element, moves `dx`, `dy` CSS pixels in steps
    /// (as a finger drags), and lets go.
    func drag(_ css: String, dx: Double, dy: Double) async throws {
        let origin = ["element-6066-11e4-a52e-4f735466cecf": try await element(css)]
        let steps = (1...6).map { i -> [String: Any] in
            [
                "type": "pointerMove", "origin": origin, "x": Int((dx * Double(i) / 6).rounded()), "y": Int((dy * Double(i) / 6).rounded()),
                "duration": 30,
            ]
        }
        let pointer: [String: Any] = [
            "type": "pointer", "id": "finger", "parameters": ["pointerType": "mouse"],
            "actions": [["type": "pointerMove", "origin": origin, "x": 0, "y": 0, "duration": 0], ["type": "pointerDown", "button": 0]]
                + steps
                + [["type": "pointerUp", "button": 0]],
        ]
        _ = try await call("POST", "/session/\(session)/actions", ["actions": [pointer]])
        _ = try? await call("DELETE", "/session/\(session)/actions")
    }

    /// Turns the mouse wheel over the middle of an element (`deltaY` > 0: away from the person).
    func scroll(_ css: String, deltaY: Int) async throws {
        let origin = ["element-6066-11e4-a52e-4f735466cecf": try await element(css)]
        let wheel: [String: Any] = [
            "type": "wheel", "id": "wheel",
            "actions": [["type": "scroll", "origin": origin, "x": 0, "y": 0, "deltaX": 0, "deltaY": deltaY, "duration": 100]],
        ]
        _ = try await call("POST", "/session/\(session)/actions", ["actions": [wheel]])
    }

    func type(_ css: String, _ text: String) async throws {
        let id = try await element(css)
        _ = try await call("POST", "/session/\(session)/element/\(id)/value", ["text": text])
    }

    /// Presses a key (WebDriver's code, e.g. "\u{E004}" Tab, "\u{E007}" Enter) in the focused element.
    func press(_ key: String) async throws {
        guard let active = try await call("GET", "/session/\(session)/element/active") as? [String: Any],
            let id = active.values.first as? String
        else {
            throw Failure(description: "nothing has the focus")
        }
        _ = try await call("POST", "/session/\(session)/element/\(id)/value", ["text": key])
    }

    func text(_ css: String) async throws -> String {
        let id = try await element(css)
        return try await call("GET", "/session/\(session)/element/\(id)/text") as? String ?? ""
    }

    /// Runs JavaScript in the page; returns what it returns.
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await call("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
    }

    /// Runs asynchronous JavaScript: the script calls `done(value)` (its last argument) when it has an answer.
    func runAsync(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await call(
            "POST", "/session/\(session)/execute/async",
            ["script": "const done = arguments[arguments.length - 1];\n" + script, "args": arguments])
    }

    /// Waits until a script returns something truthy, and returns it.
    func waitFor(_ what: String, timeout: TimeInterval = 20, _ script: String, _ arguments: [Any] = []) async throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try await run(script, arguments), !(value is NSNull), (value as? Bool) != false, (value as? String) != "" {
                return value
            }
            guard Date() < deadline else { throw Failure(description: "waited \(Int(timeout)) s for \(what); \(await shown())") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
    }

    /// What the page shows, on one line (a test log shows a failure's first line only): its text,
    /// whether the app had started (the tabs are named by it), a render under way, the toast.
    private func shown() async -> String {
        let shown = try? await run(
            "const s = document.querySelector('#screen'); return location.href + ' showing: ' + document.body?.innerText.slice(0, 300) + ` [tabs named: ${!!document.querySelector('.tabs span')?.textContent}, screen: ${s?.children.length} children${s?.hasAttribute('aria-busy') ? ', rendering' : ''}, toast: \"${document.querySelector('#status')?.textContent}\"]`"
        )
        return (shown as? String ?? "").split(whereSeparator: \.isNewline).joined(separator: " ⏎ ")
    }

    /// A Chrome DevTools command (geolocation, permissions, network conditions…); Chromium only.
    func devTools(_ command: String, _ parameters: [String: Any]) async throws {
        guard engine == .chromium else { throw Failure(description: "WebKit has no DevTools protocol: \(command)") }
        _ = try await call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    func screenshot(to file: URL) async throws {
        // What was just changed painted first (WebKitGTK's snapshot is of the last painted frame).
        _ = try await runAsync("requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))")
        guard let base64 = try await call("GET", "/session/\(session)/screenshot") as? String, let png = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: file)
    }

    /// The browser console's errors since the last call. Chromium's own network location provider,
    /// which has no network here (positions come from DevTools), is not the page's error. WebKit has
    /// no log endpoint: the page's own collector (uncaught errors, unhandled rejections,
    /// console.error) since the page was opened.
    func consoleErrors() async throws -> [String] {
        if engine == .webkit {
            return try await run("const e = window.worldlayerErrors ?? []; window.worldlayerErrors = []; return e") as? [String] ?? []
        }
        let entries = try await call("POST", "/session/\(session)/se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.filter { $0["level"] as? String == "SEVERE" }.compactMap { $0["message"] as? String }
            .filter { !$0.contains("Network location provider") }
    }

    // MARK: Protocol

    private func call(_ method: String, _ path: String, _ body: Any? = nil) async throws -> Any? {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (status, answer) = try LoopbackHTTP.request(port: port, method: method, path: path, body: data)
        let json = try? JSONSerialization.jsonObject(with: answer, options: [.fragmentsAllowed]) as? [String: Any]
        guard status == 200 else {
            let value = json?["value"] as? [String: Any]
            let error = [value?["error"] as? String, value?["message"] as? String].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: ": ")
            throw Failure(
                description:
                    "WebDriver \(method) \(path): \(status) \((error.isEmpty ? String(decoding: answer, as: UTF8.self) : error).prefix(300))"
            )
        }
        return json?["value"]
    }
}

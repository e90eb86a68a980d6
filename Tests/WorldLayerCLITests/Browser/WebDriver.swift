import Foundation

/// Headless Chromium (Debian's `chromium` and `chromium-driver`) driven over the W3C WebDriver
/// protocol: the browser tests use it as a person uses a phone's browser.
final class Browser {
    private let driver = Process()
    private let port: Int
    private var session = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts chromedriver and a browser of the given window size. `camera` is a .y4m file the
    /// browser shows as its camera.
    init(width: Int = 360, height: Int = 740, camera: URL? = nil) async throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/chromedriver") else {
            throw Failure(description: "chromedriver is missing: scripts/install-packages chromium chromium-driver")
        }
        port = try RunningServer.freePort()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? await call("GET", "/status")) == nil { try await Task.sleep(nanoseconds: 100_000_000) }
        var args = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)",
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required",
        ]
        if let camera { args.append("--use-file-for-fake-video-capture=\(camera.path)") }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": ["binary": "/usr/bin/chromium", "args": args],
                    "goog:loggingPrefs": ["browser": "ALL"],
                ]
            ]
        ]
        let created = try await call("POST", "/session", capabilities)
        guard let id = (created as? [String: Any])?["sessionId"] as? String else {
            throw Failure(description: "no WebDriver session: \(String(describing: created))")
        }
        session = id
    }

    /// Runs `body` with a fresh browser and quits it afterwards, however the body ends. Any console
    /// error, uncaught error or unhandled rejection left at the end fails the test that caused it,
    /// unless it contains one of `allowing` (a refusal the test provoked on purpose).
    static func using<R>(camera: URL? = nil, allowing allowed: [String] = [], _ body: (Browser) async throws -> R) async throws -> R {
        let browser = try await Browser(camera: camera)
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

    /// Puts the phone at a position: geolocation allowed for the site and set through DevTools
    /// (headless Chromium has no location provider of its own).
    func stand(at latitude: Double, _ longitude: Double, accuracy: Double, origin: String) async throws {
        try await devTools("Browser.grantPermissions", ["origin": origin, "permissions": ["geolocation"]])
        try await devTools("Emulation.setGeolocationOverride", ["latitude": latitude, "longitude": longitude, "accuracy": accuracy])
    }

    // chromedriver does not exit on SIGTERM.
    deinit { if driver.isRunning { kill(driver.processIdentifier, SIGKILL) } }

    func quit() async {
        if !session.isEmpty { _ = try? await call("DELETE", "/session/\(session)") }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
    }

    // MARK: Pages and elements

    func open(_ url: String) async throws { _ = try await call("POST", "/session/\(session)/url", ["url": url]) }

    /// The first element matching a CSS selector, waiting for it to appear.
    @discardableResult
    func element(_ css: String, timeout: TimeInterval = 15) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = try? await call("POST", "/session/\(session)/element", ["using": "css selector", "value": css])
                as? [String: Any],
                let id = found.values.first as? String
            {
                return id
            }
            guard Date() < deadline else { throw Failure(description: "no element '\(css)' after \(Int(timeout)) s") }
            try await Task.sleep(nanoseconds: 150_000_000)
        }
    }

    /// Clicks an element after scrolling it to the middle of the screen, clear of the tab bar.
    func click(_ css: String) async throws {
        let id = try await element(css)
        _ = try await run("document.querySelector(arguments[0])?.scrollIntoView({block: 'center'})", [css])
        _ = try await call("POST", "/session/\(session)/element/\(id)/click", [String: Any]())
    }

    /// Goes on into AR as a person does: past the safety word it shows the first time, if shown.
    func enterAR() async throws {
        let shown = try await waitFor("AR or its safety word", "return document.querySelector('#safety-start, #ar')?.id")
        if shown as? String == "safety-start" { try await click("#safety-start") }
        try await element("#ar")
    }

    /// Waits until an element is on screen as a person would see it: shown, inside the viewport,
    /// text at least 12 px; returns its text.
    @discardableResult
    func waitOnScreen(_ css: String, timeout: TimeInterval = 20) async throws -> String {
        try await waitFor(
            "'\(css)' on screen", timeout: timeout,
            """
            const e = document.querySelector(arguments[0]);
            if (!e || e.hidden || e.closest('[hidden]')) return null;
            const r = e.getBoundingClientRect(), style = getComputedStyle(e);
            const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
            return inside && style.visibility !== 'hidden' && parseFloat(style.fontSize) >= 12 ? e.textContent : null
            """, [css]) as? String ?? ""
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
            guard Date() < deadline else { throw Failure(description: "waited \(Int(timeout)) s for \(what)") }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
    }

    /// A Chrome DevTools command (geolocation, permissions…).
    func devTools(_ command: String, _ parameters: [String: Any]) async throws {
        _ = try await call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    func screenshot(to file: URL) async throws {
        guard let base64 = try await call("GET", "/session/\(session)/screenshot") as? String, let png = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: file)
    }

    /// The browser console's errors since the last call. Chromium's own network location provider,
    /// which has no network here (positions come from DevTools), is not the page's error.
    func consoleErrors() async throws -> [String] {
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
            let error = (json?["value"] as? [String: Any])?["message"] as? String ?? String(decoding: answer, as: UTF8.self)
            throw Failure(description: "WebDriver \(method) \(path): \(error.prefix(300))")
        }
        return json?["value"]
    }
}

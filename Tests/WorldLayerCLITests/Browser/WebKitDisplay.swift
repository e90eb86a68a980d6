import Foundation

/// What WebKit needs to run in the tests: an X display of its own (Xvfb) for WebKitGTK's
/// MiniBrowser, and the page-side stand-ins for what WebKitGTK lacks here.
enum WebKitDisplay {
    static let driver = "/usr/bin/WebKitWebDriver"
    static let miniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

    /// An Xvfb server and its display number.
    struct Display {
        let xvfb: Process
        let number: Int

        /// Children of a test inherit its blocked signals, so Xvfb never sees SIGTERM: kill it, and
        /// remove the lock and socket it leaves behind.
        func stop() {
            guard xvfb.isRunning else { return }
            kill(xvfb.processIdentifier, SIGKILL)
            xvfb.waitUntilExit()
            try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        }
    }

    /// Starts Xvfb on a free display number.
    static func start() async throws -> Display {
        guard FileManager.default.fileExists(atPath: driver), FileManager.default.fileExists(atPath: miniBrowser) else {
            throw Browser.Failure(description: "WebKit is missing: scripts/install-packages webkit2gtk-driver xvfb")
        }
        for number in (100..<400).shuffled() where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let xvfb = Process()
            xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            xvfb.arguments = [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            xvfb.standardOutput = FileHandle.nullDevice
            xvfb.standardError = FileHandle.nullDevice
            try xvfb.run()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, xvfb.isRunning, !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            if xvfb.isRunning { return Display(xvfb: xvfb, number: number) }
        }
        throw Browser.Failure(description: "no free X display for WebKit")
    }

    /// Collects the page's uncaught errors, unhandled rejections and console.error calls in
    /// `window.worldlayerErrors` (WebKitWebDriver has no log endpoint).
    static let errorCollector = """
        if (!window.worldlayerErrors) {
          window.worldlayerErrors = [];
          addEventListener('error', (e) => worldlayerErrors.push(String(e.message)));
          addEventListener('unhandledrejection', (e) => worldlayerErrors.push('unhandled rejection: ' + (e.reason?.message ?? e.reason)));
          const original = console.error.bind(console);
          console.error = (...parts) => { worldlayerErrors.push(parts.map(String).join(' ')); original(...parts); };
        }
        """

    /// A `navigator.geolocation` that answers with the position the test stands at (arguments:
    /// latitude, longitude, accuracy); standing again moves every watcher.
    static let positionStandIn = """
        const [latitude, longitude, accuracy] = arguments;
        window.worldlayerPosition = { latitude, longitude, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null };
        if (!window.worldlayerWatchers) {
          window.worldlayerWatchers = new Map();
          let next = 1;
          const answer = (ok, id) => setTimeout(() => (id === undefined || worldlayerWatchers.has(id)) && ok({ coords: { ...window.worldlayerPosition }, timestamp: Date.now() }));
          Object.defineProperty(navigator, 'geolocation', { configurable: true, value: {
            getCurrentPosition: (ok) => answer(ok),
            watchPosition: (ok) => { const id = next++; worldlayerWatchers.set(id, ok); answer(ok, id); return id; },
            clearWatch: (id) => worldlayerWatchers.delete(id),
          } });
        }
        for (const id of worldlayerWatchers.keys()) setTimeout(() => worldlayerWatchers.get(id)?.({ coords: { ...worldlayerPosition }, timestamp: Date.now() }));
        """

    /// Location refused, as Safari answers after "Don't Allow": every request fails with PERMISSION_DENIED.
    static let refusedPositionStandIn = """
        const refusal = (fail) => setTimeout(() => fail?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'User denied Geolocation' }));
        Object.defineProperty(navigator, 'geolocation', { configurable: true, value: {
          getCurrentPosition: (ok, fail) => refusal(fail),
          watchPosition: (ok, fail) => { refusal(fail); return 1; },
          clearWatch: () => {},
        } });
        """

    /// WebKitGTK has no orientation sensors and no `DeviceOrientationEvent`: the page gets one
    /// shaped as Safari's on an iPhone (`webkitCompassHeading`), for the tests to dispatch.
    static let orientationStandIn = """
        if (!window.DeviceOrientationEvent) {
          window.DeviceOrientationEvent = class DeviceOrientationEvent extends Event {
            constructor(type, init = {}) {
              super(type, init);
              for (const key of ['alpha', 'beta', 'gamma', 'webkitCompassHeading', 'webkitCompassAccuracy']) this[key] = init[key] ?? null;
              this.absolute = init.absolute ?? false;
            }
          };
        }
        """
}

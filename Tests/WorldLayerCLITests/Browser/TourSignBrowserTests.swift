import Foundation
import Testing
import WorldLayerTestSupport

/// Indoors without beacons (issue 48): a stop opens from its sign. Its QR code, printed from the
/// tour's "Signs to print" page, is photographed askew on a wall and read by our own decoder (in
/// Chromium, by the live camera too); a stop's sign picture, a real photograph of a book cover,
/// is recognized by the server. A stop's link opens it directly, as a phone's camera app would.
@Suite("Tour stops opened by signs, in Chromium and WebKit", .serialized)
struct TourSignBrowserTests {
    static let realPhotos = BrowserTests.root.appendingPathComponent("Tests/WorldLayerServerTests/Media/realphotos/pages")

    /// The demo tour with the third stop's sign: the real photograph of a book cover.
    static func signedBundle(from db: String, media: String) throws -> URL {
        let folder = try TourBundleEdit.export(db: db, media: media)
        try FileManager.default.copyItem(
            at: realPhotos.appendingPathComponent("targets/t0001.jpg"), to: folder.appendingPathComponent("media/sign.jpg"))
        try TourBundleEdit.replace(2, of: "    kind: audio\n", with: "    kind: audio\n    sign: \"media/sign.jpg\"\n", in: folder)
        return folder
    }

    /// A stop's printed code as a phone photographs it on a wall: turned 11°, seen from aside
    /// (sheared), on a grey gradient, unevenly lit, with sensor noise, saved as a JPEG at quality 70.
    static let photographSign = """
        const [selector, input] = arguments;
        const svg = document.querySelector(selector);
        const image = new Image();
        image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
        await image.decode();
        const c = Object.assign(document.createElement('canvas'), { width: 1280, height: 960 }), g = c.getContext('2d');
        const wall = g.createLinearGradient(0, 0, 1280, 960);
        wall.addColorStop(0, '#a59f94'); wall.addColorStop(1, '#6c675f');
        g.fillStyle = wall; g.fillRect(0, 0, 1280, 960);
        g.save(); g.translate(640, 470); g.rotate(0.19); g.transform(1, 0.1, -0.16, 0.92, 0, 0);
        g.drawImage(image, -250, -250, 500, 500); g.restore();
        const d = g.getImageData(0, 0, 1280, 960), px = d.data;
        let seed = 7;
        const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
        for (let i = 0; i < px.length; i += 4) {
          const x = (i / 4) % 1280, light = 0.6 + 0.4 * x / 1280, noise = (random() - 0.5) * 36;
          for (let k = 0; k < 3; k++) px[i + k] = px[i + k] * light + noise;
        }
        g.putImageData(d, 0, 0);
        const blob = await new Promise((resolve) => c.toBlob(resolve, 'image/jpeg', 0.7));
        const files = new DataTransfer();
        files.items.add(new File([blob], 'sign.jpg', { type: 'image/jpeg' }));
        const field = document.querySelector(input);
        field.files = files.files;
        field.dispatchEvent(new Event('change'));
        done(blob.size);
        """

    @Test(
        "a stop's printed QR code, photographed askew, opens it with its narration; a sign picture opens its stop; a stop's link opens it",
        arguments: Browser.Engine.allCases)
    func signsOpenStops(engine: Browser.Engine) async throws {
        let server = try await BrowserTests.server(withTour: { try Self.signedBundle(from: $0, media: $1) })
        defer { server.stop() }
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let stops = tour["stops"] as? [[String: Any]] ?? []
        let ids = stops.compactMap { $0["id"] as? String }, titles = stops.compactMap { $0["title"] as? String }
        #expect(ids.count >= 3)
        let narration = try #require((stops[1]["media"] as? [[String: Any]])?.first?["id"] as? String)

        try await Browser.using(engine) { browser in
            // The signs to print: one code a stop, each saying the stop's link.
            try await browser.open(server.base + "/#/tours/helsinki-monuments/signs")
            _ = try await browser.element("#stop-signs figure:nth-child(2) figcaption")
            _ = try await browser.run(
                "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", ["#stop-signs figure:nth-child(2)"])
            #expect(try await browser.waitOnScreen("#stop-signs figure:nth-child(2) figcaption").hasPrefix("2. \(titles[1])"))
            let codes = try await browser.run("return document.querySelectorAll('#stop-signs svg[role=img]').length") as? Int
            #expect(codes == ids.count)
            try await BrowserTests.screenshot(browser, "tour-signs")
            // Photographed on the wall, then the tour's page reads the photo.
            let kept = try await browser.run(
                "const svg = document.querySelector(arguments[0]); sessionStorage.setItem('sign-svg', new XMLSerializer().serializeToString(svg)); return svg.outerHTML.length",
                ["#stop-signs figure:nth-child(2) svg"])
            #expect((kept as? Int ?? 0) > 1_000)
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            try await browser.click("#scan-sign")
            _ = try await browser.run(
                "const holder = document.createElement('div'); holder.id = 'printed'; holder.hidden = true; holder.innerHTML = sessionStorage.getItem('sign-svg'); document.body.append(holder)"
            )
            let size = try await browser.runAsync(Self.photographSign, ["#printed svg", "#sign-photo"]) as? Int
            #expect((size ?? 0) > 20_000, "a JPEG of the photographed sign")
            #expect(try await browser.waitOnScreen("#stop-sheet h3", timeout: 20).hasSuffix(titles[1]))
            _ = try await browser.waitFor(
                "the second stop's narration playing",
                "const n = document.querySelector('#narration'); return n && !n.paused && n.src.includes(arguments[0]) || null", [narration]
            )
            #expect(try await browser.run("return document.querySelector('#sign-panel').hidden") as? Bool == true)

            // The third stop's sign picture, photographed by a phone (a real photograph), opens it.
            let real = try Data(contentsOf: Self.realPhotos.appendingPathComponent("frames/let-us-c-1.0x-20deg-0.jpg"))
                .base64EncodedString()
            try await browser.click(".sheet:not([hidden]) .close")  // the stop's sheet covers the button, as on a phone
            try await browser.click("#scan-sign")
            _ = try await browser.runAsync(
                """
                const [base64] = arguments, bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
                const files = new DataTransfer();
                files.items.add(new File([bytes], 'photo.jpg', { type: 'image/jpeg' }));
                const field = document.querySelector('#sign-photo');
                field.files = files.files; field.dispatchEvent(new Event('change')); done(true)
                """, [real])
            _ = try await browser.waitFor(
                "the third stop's sheet", timeout: 30,
                "const h = document.querySelector('#stop-sheet h3'); return h && h.textContent.endsWith(arguments[0]) || null", [titles[2]])
            #expect(try await browser.waitOnScreen("#stop-sheet h3").hasSuffix(titles[2]))

            // A picture with no code and no sign in it says so and opens nothing.
            try await browser.click(".sheet:not([hidden]) .close")
            try await browser.click("#scan-sign")
            try await DesignBrowserTests.choose(browser, "#sign-photo", fetching: nil, name: "nothing.png", type: "image/png")
            _ = try await browser.waitFor(
                "the photo read", "return document.querySelector('#sign-status').textContent.startsWith(\"No stop's sign\") || null")
            #expect(try await browser.waitOnScreen("#sign-status").hasPrefix("No stop's sign is in that photo"))
            #expect(try await browser.run("return document.querySelector('#stop-sheet').hidden") as? Bool == true)

            // The link a code holds, opened as a phone's camera app opens it.
            try await browser.open(server.base + "/#/tours/helsinki-monuments/stops/\(ids[0])")
            #expect(try await browser.waitOnScreen("#stop-sheet h3").hasSuffix(titles[0]))
            #expect(try await browser.consoleErrors().isEmpty)
        }
    }

    /// Chromium's fake camera shows the printed code; the live camera reads it with no tap but "Scan a sign".
    @Test("the live camera reads a stop's printed code (Chromium's fake camera)")
    func liveCamera() async throws {
        let server = try await BrowserTests.server(.chromium)
        defer { server.stop() }
        let tour = ClientDesignBrowserTests.json(try await server.request("GET", "/v1/tours/helsinki-monuments").text)
        let stops = tour["stops"] as? [[String: Any]] ?? []
        let title = try #require(stops.dropFirst(3).first?["title"] as? String)
        // The fourth stop's code, as the signs page draws it, made into the camera's picture.
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("wl-sign-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: picture) }
        try await Browser.using(.chromium) { browser in
            try await browser.open(server.base + "/#/tours/helsinki-monuments/signs")
            _ = try await browser.element("#stop-signs figure:nth-child(4) svg")
            let png =
                try await browser.runAsync(
                    """
                    const svg = document.querySelector('#stop-signs figure:nth-child(4) svg'), image = new Image();
                    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
                    await image.decode();
                    const c = Object.assign(document.createElement('canvas'), { width: 640, height: 480 }), g = c.getContext('2d');
                    g.fillStyle = '#8d877d'; g.fillRect(0, 0, 640, 480); g.translate(320, 240); g.rotate(-0.25);
                    g.drawImage(image, -170, -170, 340, 340);
                    done(c.toDataURL('image/png').split(',')[1])
                    """) as? String
            try Data(base64Encoded: try #require(png))!.write(to: picture)
        }
        let camera = try BrowserTests.camera(file: picture)
        defer { try? FileManager.default.removeItem(at: camera) }
        try await Browser.using(camera: camera) { browser in
            try await browser.open(server.base + "/#/tours/helsinki-monuments")
            try await browser.click("#scan-sign")
            #expect(try await browser.waitOnScreen("#stop-sheet h3", timeout: 30).hasSuffix(title))
            #expect(try await browser.run("return document.querySelector('#sign-camera').srcObject") is NSNull)
        }
    }
}

/// The browser's QR code reader and writer (Web/js/qr/) against two independent ones: it reads what
/// libqrencode writes at every level, ZBar reads what it writes, and hostile grids and pictures get
/// null, never an exception, while a code with a few modules scuffed still reads. Chromium only: the
/// same JavaScript runs in WebKit through the sign tests above.
@Suite("QR codes against libqrencode and ZBar")
struct QRCodeBrowserTests {
    /// Texts, each with the levels libqrencode writes it at (the longest does not fit at Q or H).
    static let texts: [(text: String, levels: [String])] = [
        ("http://127.0.0.1:8080/#/tours/helsinki-monuments/stops/00000000-0000-4000-8002-000000000002", ["L", "M", "Q", "H"]),
        ("Senaatintori – Senatstorget ✓", ["L", "M", "Q", "H"]), ("0123456789012345678901234567890", ["L", "M", "Q", "H"]),
        ("HELLO WORLD 42", ["L", "M", "Q", "H"]), (String(repeating: "walk ", count: 30), ["L", "M", "Q", "H"]),
        // 960 bytes (versions 22 to 35 by level) and 1,472 (version 32 at M: the standard's one exception to its alignment spacing).
        (String(repeating: "Senaatintori 1, 00170 Helsinki. ", count: 30), ["L", "M", "Q", "H"]),
        (String(repeating: "Senaatintori 1, 00170 Helsinki. ", count: 46), ["L", "M"]),
    ]

    /// Runs `tool` and returns what it printed.
    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let p = Process(), pipe = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CLIFailure("\(tool) failed: scripts/install-packages qrencode zbar-tools") }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("reads libqrencode's codes, writes codes ZBar reads, refuses hostile input without throwing")
    func againstLibraries() async throws {
        let server = try await BrowserTests.server(.chromium)
        defer { server.stop() }
        try await Browser.using(.chromium) { browser in
            try await browser.open(server.base + "/#/discover")
            for (text, levels) in Self.texts {
                for level in levels {
                    let rows = try Self.output("qrencode", ["-l", level, "-t", "ASCII", "-m", "0", text]).split(separator: "\n")
                    let grid = rows.map { row in
                        stride(from: 0, to: row.count, by: 2).map { row[row.index(row.startIndex, offsetBy: $0)] == "#" ? 1 : 0 }
                    }
                    let read = try await browser.runAsync(
                        "const { decodeModules } = await import('/js/qr/decode.js'); done(decodeModules(arguments[0]))", [grid])
                    #expect(read as? String == text, "libqrencode, level \(level), \(grid.count) modules")
                }
                let png =
                    try await browser.runAsync(
                        """
                        const { qrModules } = await import('/js/qr/encode.js'), grid = qrModules(arguments[0]), scale = 8, side = (grid.length + 8) * scale;
                        const c = Object.assign(document.createElement('canvas'), { width: side, height: side }), g = c.getContext('2d');
                        g.fillStyle = '#fff'; g.fillRect(0, 0, side, side); g.fillStyle = '#000';
                        grid.forEach((row, r) => row.forEach((v, col) => { if (v) g.fillRect((col + 4) * scale, (r + 4) * scale, scale, scale); }));
                        done(c.toDataURL('image/png').split(',')[1])
                        """, [text]) as? String
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("wl-qr-\(UUID().uuidString).png")
                defer { try? FileManager.default.removeItem(at: file) }
                try Data(base64Encoded: try #require(png))!.write(to: file)
                let zbar = try Self.output("zbarimg", ["-q", "--raw", "-Sbinary", file.path])
                #expect(zbar.hasSuffix("\n") ? String(zbar.dropLast()) == text : zbar == text, "ZBar read \(zbar)")
            }
            // Hostile input: random grids of every size, random pictures, and scuffed codes.
            let hostile =
                try await browser.runAsync(
                    """
                    const { decodeModules } = await import('/js/qr/decode.js'), { readQR } = await import('/js/qr/locate.js');
                    const { qrModules } = await import('/js/qr/encode.js');
                    let seed = 11, thrown = [], wrong = 0, unread = 0, texts = 0;
                    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
                    const attempt = (f) => { try { return f(); } catch (e) { thrown.push(String(e)); return null; } };
                    for (let i = 0; i < 3000; i++) {
                      const size = 21 + 4 * Math.floor(random() * 10) + (i % 7 === 0 ? 1 : 0);
                      if (attempt(() => decodeModules(Array.from({ length: size }, () => Array.from({ length: size }, () => random() < 0.5 ? 1 : 0)))) !== null) texts++;
                    }
                    for (let i = 0; i < 12; i++) {
                      const width = 64 + Math.floor(random() * 600), height = 64 + Math.floor(random() * 400), data = new Uint8ClampedArray(width * height * 4);
                      for (let j = 0; j < data.length; j++) data[j] = i % 2 ? random() * 256 : (Math.floor(j / 4 / width / 9) + Math.floor(j / 4 % width / 9)) % 2 * 255;
                      attempt(() => readQR({ width, height, data }));
                    }
                    const text = arguments[0], code = qrModules(text);
                    for (let i = 0; i < 200; i++) {
                      const scuffed = code.map((row) => row.slice());
                      for (let k = 0; k < 3; k++) { const r = Math.floor(random() * code.length), c = Math.floor(random() * code.length); scuffed[r][c] ^= 1; }
                      const read = attempt(() => decodeModules(scuffed));
                      if (read === null) unread++; else if (read !== text) wrong++;
                    }
                    done({ thrown: thrown.slice(0, 3), texts, wrong, unread })
                    """, [Self.texts[0].text]) as? [String: Any] ?? [:]
            #expect((hostile["thrown"] as? [String])?.isEmpty == true, "\(hostile)")
            #expect(hostile["wrong"] as? Int == 0 && hostile["unread"] as? Int == 0, "three scuffed modules still read: \(hostile)")
            #expect(hostile["texts"] as? Int == 0, "random grids read as text: \(hostile)")
        }
    }
}

/// Small edits to an exported demo tour bundle, for tests that need a tour a little different.
enum TourBundleEdit {
    /// The demo tour exported to a folder of its own.
    static func export(db: String, media: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-tour-\(UUID().uuidString)")
        guard try CLI.run(["export", "tour", "helsinki-monuments", folder.path, "--database", db, "--media", media]).status == 0 else {
            throw CLIFailure("export failed")
        }
        return folder
    }

    /// Replaces the `nth` (from 0) occurrence of `line` in the folder's tour.yaml.
    static func replace(_ nth: Int, of line: String, with new: String, in folder: URL) throws {
        let url = folder.appendingPathComponent("tour.yaml")
        var yaml = try String(contentsOf: url, encoding: .utf8)
        var from = yaml.startIndex, found: Range<String.Index>?
        for _ in 0...nth {
            found = yaml.range(of: line, range: from..<yaml.endIndex)
            guard let range = found else { throw CLIFailure("tour.yaml has no \(nth + 1) of \(line)") }
            from = range.upperBound
        }
        yaml.replaceSubrange(found!, with: new)
        try yaml.write(to: url, atomically: true, encoding: .utf8)
    }
}

import Foundation
import Testing
import WorldLayerCore

@Suite("worldlayer import tour, export tour, tour, beacons")
struct TourToolTests {
    /// A database and media folder holding the demo tour.
    static func demoWorld(database: String = CLI.scratchDatabase()) throws -> (db: String, media: String) {
        let db = database, media = CLI.scratchMedia()
        let seeded = try CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db, "--media", media])
        guard seeded.status == 0 else { throw CLIFailure("demo seed failed: \(seeded.stderr)") }
        return (db, media)
    }

    static func files(under folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let root = folder.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where !url.hasDirectoryPath
        {
            found[String(url.resolvingSymlinksInPath().path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return found
    }

    @Test("a bundle round-trips byte for byte through export and import, as a folder and as a zip, into a fresh database")
    func roundTrip() throws {
        let (db, media) = try Self.demoWorld()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wl-bundles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let first = scratch.appendingPathComponent("first"), second = scratch.appendingPathComponent("second")
        let exported = try CLI.run(["export", "tour", "helsinki-monuments", first.path, "--database", db, "--media", media])
        #expect(exported.status == 0 && exported.stdout.contains("8 stops, 8 media files"), "\(exported.stderr)")
        // never overwrites
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", first.path, "--database", db, "--media", media]).status == 1)

        // Into a new database and media folder, then out again.
        let db2 = CLI.scratchDatabase(), media2 = CLI.scratchMedia()
        let imported = try CLI.run(["import", "tour", first.path, "--database", db2, "--media", media2])
        #expect(imported.status == 0 && imported.stdout.contains("imported helsinki-monuments"), "\(imported.stderr)")
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", second.path, "--database", db2, "--media", media2]).status == 0)
        let a = try Self.files(under: first), b = try Self.files(under: second)
        #expect(a.count == 9 && a.keys.contains("tour.yaml") && a == b)

        // As a zip.
        let zip = scratch.appendingPathComponent("tour.zip"), unzipped = scratch.appendingPathComponent("from-zip")
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", zip.path, "--database", db2, "--media", media2]).status == 0)
        let db3 = CLI.scratchDatabase(), media3 = CLI.scratchMedia()
        #expect(try CLI.run(["import", "tour", zip.path, "--database", db3, "--media", media3]).status == 0)
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", unzipped.path, "--database", db3, "--media", media3]).status == 0)
        #expect(try Self.files(under: unzipped) == a)

        let list = try CLI.run(["tour", "list", "--database", db3])
        #expect(list.stdout.hasPrefix("helsinki-monuments\topen\t8 stops\tMonuments around Senate Square"))
        let shown = try CLI.run(["tour", "show", "helsinki-monuments", "--database", db3])
        #expect(shown.stdout.contains("1. Alexander II  [audio, 60.16951,24.95227, 20 m]"))
    }

    /// The demo tour's bundle with its first stop made a photo taken looking `viewpoint` (a YAML flow
    /// mapping); returns the folder.
    static func photoBundle(from db: String, media: String, viewpoint: String, slug: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-photo-\(UUID().uuidString)")
        guard try CLI.run(["export", "tour", "helsinki-monuments", folder.path, "--database", db, "--media", media]).status == 0 else {
            throw CLIFailure("export failed")
        }
        // A stand-in for an archive's picture: a JPEG photograph from the demo's camera frames.
        try FileManager.default.copyItem(
            at: BrowserTests.root.appendingPathComponent("demo/frames/coins.jpg"),
            to: folder.appendingPathComponent("media/senate-1890.jpg"))
        let yamlURL = folder.appendingPathComponent("tour.yaml")
        var yaml = try String(contentsOf: yamlURL, encoding: .utf8)
        let first = try #require(yaml.range(of: "    kind: audio\n"))
        yaml.replaceSubrange(first, with: "    kind: photo\n")
        let position = try #require(yaml.range(of: #"(?m)^    position: .*\n"#, options: .regularExpression))
        yaml.insert(contentsOf: "    viewpoint: \(viewpoint)\n", at: position.upperBound)
        let media = try #require(yaml.range(of: "      - \"media/01-narration.mp3\"\n"))
        yaml.replaceSubrange(media, with: "      - \"media/01-narration.mp3\"\n      - \"media/senate-1890.jpg\"\n")
        if let slug {
            yaml = yaml.replacingOccurrences(of: "slug: \"helsinki-monuments\"", with: "slug: \"\(slug)\"")
            let id = try #require(yaml.range(of: #"(?m)^id: .*$"#, options: .regularExpression))
            yaml.replaceSubrange(id, with: "id: \(UUID().text)")
        }
        try yaml.write(to: yamlURL, atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a photo stop's viewpoint (which way the photographer looked, how far) round-trips byte for byte; a bad one is refused by line")
    func photoViewpoint() throws {
        let (db, media) = try Self.demoWorld()
        let folder = try Self.photoBundle(from: db, media: media, viewpoint: "{heading: 35.5, distance: 18.0}")
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = folder.appendingPathExtension("again")
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", again.path, "--database", db, "--media", media]).status == 0)
        let a = try Self.files(under: folder), b = try Self.files(under: again)
        #expect(a == b, "export → import → export is the same bytes")
        #expect(String(decoding: b["tour.yaml"] ?? Data(), as: UTF8.self).contains("    viewpoint: {heading: 35.5, distance: 18.0}\n"))

        let yamlURL = folder.appendingPathComponent("tour.yaml")
        let good = try String(contentsOf: yamlURL, encoding: .utf8)
        let line = good.components(separatedBy: "\n").firstIndex { $0.hasPrefix("    viewpoint:") }! + 1
        for (bad, message) in [
            ("{heading: 360.0}", "stops[0].viewpoint.heading: must be 0 to 360 degrees clockwise from north"),
            ("{heading: 10.0, distance: 0.5}", "stops[0].viewpoint.distance: must be 1 to 500 metres"),
            ("{distance: 10.0}", "tour.yaml line \(line): stops[0].viewpoint.heading: is required"),
        ] {
            try good.replacingOccurrences(of: "{heading: 35.5, distance: 18.0}", with: bad).write(
                to: yamlURL, atomically: true, encoding: .utf8)
            let r = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
            #expect(r.status == 1 && r.stderr.contains(message) && r.stderr.contains("nothing was imported"), "\(message): \(r.stderr)")
        }
        // On a stop that is not a photo.
        try good.replacingOccurrences(of: "    kind: photo\n", with: "    kind: audio\n").write(
            to: yamlURL, atomically: true, encoding: .utf8)
        let audio = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
        #expect(
            audio.status == 1 && audio.stderr.contains("stops[0].viewpoint: belongs to a photo stop with a position"), "\(audio.stderr)")
    }

    @Test("a malformed bundle is rejected whole, naming the line and the field, and changes nothing")
    func malformed() throws {
        let (db, media) = try Self.demoWorld()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", folder.path, "--database", db, "--media", media]).status == 0)
        let yamlURL = folder.appendingPathComponent("tour.yaml")
        let good = try String(contentsOf: yamlURL, encoding: .utf8)
        let lines = good.components(separatedBy: "\n")
        let radiusLine = lines.firstIndex { $0.hasPrefix("    radius:") }! + 1
        let cases: [(String, String)] = [
            (
                good.replacingOccurrences(of: "title: \"Monuments around Senate Square\"", with: "title: \"Monuments, renamed\"")
                    .replacingOccurrences(
                        of: "    radius: 20.0\n    source: \"OpenStreetMap contributors (ODbL), osm:node/1375995138",
                        with: "    radius: 900.0\n    source: \"OpenStreetMap contributors (ODbL), osm:node/1375995138"),
                "tour.yaml line \(radiusLine): stops[0].radius: must be 3 to 500 metres"
            ),
            (
                good.replacingOccurrences(
                    of: "    radius: 20.0\n    source: \"OpenStreetMap contributors (ODbL), osm:node/1375995138",
                    with: "    radios: 20.0\n    source: \"OpenStreetMap contributors (ODbL), osm:node/1375995138"),
                "tour.yaml line \(radiusLine): stops[0].radios: is not a known key"
            ),
            (
                good.replacingOccurrences(of: "media/03-narration.mp3", with: "media/missing.mp3"),
                "stops[2].media[0]: media/missing.mp3 is not in the bundle"
            ),
            (
                good.replacingOccurrences(of: "media/03-narration.mp3", with: "../../etc/passwd"),
                "stops[2].media[0]: must be a path inside the bundle"
            ),
            (good.replacingOccurrences(of: "mode: open", with: "mode: secret"), "mode: must be open or guided"),
            (good + "stops: [\n", "is not valid YAML"),
        ]
        for (text, message) in cases {
            try text.write(to: yamlURL, atomically: true, encoding: .utf8)
            let r = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
            #expect(r.status == 1 && r.stderr.contains(message) && r.stderr.contains("nothing was imported"), "\(message): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        // The first case renamed the tour too; nothing of it arrived.
        #expect(try CLI.run(["tour", "list", "--database", db]).stdout.contains("Monuments around Senate Square"))
        try good.write(to: yamlURL, atomically: true, encoding: .utf8)
        try Data("not audio".utf8).write(to: folder.appendingPathComponent("media/02-narration.mp3"))
        let badMedia = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
        #expect(
            badMedia.status == 1 && badMedia.stderr.contains("stops[1].media[0]: media/02-narration.mp3 is not a PNG or JPEG image, MP3"))
        #expect(try CLI.run(["import", "tour", "/no/such/bundle", "--database", db, "--media", media]).status == 1)
    }

    @Test("guides are named per tour; the beacon simulation reports delay and wrong switches against the loudest-signal choice")
    func guidesAndBeacons() throws {
        let (db, _) = try Self.demoWorld()
        _ = try CLI.run(
            ["user", "create", "--username", "gina", "--email", "gina@example.org", "--birthday", "1980-01-01", "--database", db],
            stdin: "correct horse\n")
        let guide = try CLI.run(["tour", "guide", "helsinki-monuments", "gina", "--database", db])
        #expect(guide.status == 0 && guide.stdout.contains("gina now guides helsinki-monuments"), "\(guide.stderr)")
        #expect(try CLI.run(["tour", "guide", "no-such-tour", "gina", "--database", db]).status == 1)

        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("wl-trace-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: trace) }
        let sim = try CLI.run(["beacons", "simulate", "--walks", "50", "--trace", trace.path])
        #expect(sim.status == 0 && sim.stdout.contains("50 simulated walks") && sim.stdout.contains("WorldLayer engine"), "\(sim.stderr)")
        #expect(try String(contentsOf: trace, encoding: .utf8).hasPrefix("time,beacon,rssi,walker_x,true_nearest\n"))
        #expect(try CLI.run(["beacons", "simulate", "--walks", "0"]).status == 64)
    }
}

struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

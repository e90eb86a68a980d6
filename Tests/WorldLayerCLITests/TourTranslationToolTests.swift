import Foundation
import Testing
import WorldLayerCore
import WorldLayerTestSupport

/// A tour in two languages (issue 48): the demo tour's bundle with Finnish texts for the tour and
/// two stops, the first stop's narration spoken in Finnish, and a Swedish title; it imports, exports
/// byte for byte, and a bad translation is refused by line and changes nothing.
@Suite("Tour bundles in several languages")
struct TourTranslationToolTests {
    /// The `translations:` section added to the demo tour, in the layout export writes.
    static let translations = """
        translations:  # the texts in other languages, by language tag
          "fi":
            title: "Senaatintorin muistomerkit"
            description: "Lyhyt kävely Helsingin keskustan muistomerkkien ohi."
            stops:
              - id: 00000000-0000-4000-8002-000000000002
                title: "Aleksanteri II"
                text: "Keisari Aleksanteri II:n muistomerkki Senaatintorilla."
                narration: "media/fi/01-kerronta.mp3"
              - id: 00000000-0000-4000-8002-000000000003
                title: "Ulrika Eleonoran kirkon muistomerkki"
          "sv":
            title: "Minnesmärken kring Senatstorget"

        """

    /// The demo tour's bundle with its Finnish and Swedish texts; returns the folder.
    static func translatedBundle(from db: String, media: String) throws -> URL {
        let folder = try TourBundleEdit.export(db: db, media: media)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("media/fi"), withIntermediateDirectories: true)
        try Speech.mp3("Aleksanteri toinen. Keisarin muistomerkki Senaatintorilla.", voice: "fi").write(
            to: folder.appendingPathComponent("media/fi/01-kerronta.mp3"))
        let yaml = folder.appendingPathComponent("tour.yaml")
        try (try String(contentsOf: yaml, encoding: .utf8) + translations).write(to: yaml, atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a tour with Finnish and Swedish texts and a Finnish narration imports and exports byte for byte")
    func roundTrip() throws {
        let (db, media) = try TourToolTests.demoWorld()
        let folder = try Self.translatedBundle(from: db, media: media)
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
        #expect(imported.status == 0 && imported.stdout.contains("9 media files"), "\(imported.stdout) \(imported.stderr)")
        let again = folder.appendingPathExtension("again")
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try CLI.run(["export", "tour", "helsinki-monuments", again.path, "--database", db, "--media", media]).status == 0)
        let a = try TourToolTests.files(under: folder), b = try TourToolTests.files(under: again)
        #expect(a.keys.sorted() == b.keys.sorted() && a == b, "export → import → export is the same bytes")
        #expect(b["media/fi/01-kerronta.mp3"].map { $0.count > 1_000 } == true)
    }

    @Test("a bad translation is refused by line, naming the field, and nothing is imported")
    func refused() throws {
        let (db, media) = try TourToolTests.demoWorld()
        let folder = try Self.translatedBundle(from: db, media: media)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: BrowserTests.root.appendingPathComponent("demo/frames/coins.jpg"), to: folder.appendingPathComponent("media/fi/kuva.jpg"))
        let yamlURL = folder.appendingPathComponent("tour.yaml")
        let good = try String(contentsOf: yamlURL, encoding: .utf8)
        for (from, to, message) in [
            ("\"sv\":", "\"Swedish\":", "translations.Swedish: must be a language tag such as fi, sv or en-GB"),
            ("\"sv\":", "\"en\":", "translations.en: is the tour's own language"),
            (
                "      - id: 00000000-0000-4000-8002-000000000003", "      - id: 00000000-0000-4000-8002-000000000099",
                "translations.fi.stops[1].id: is no stop of this tour"
            ),
            (
                "narration: \"media/fi/01-kerronta.mp3\"", "narration: \"media/fi/kuva.jpg\"",
                "translations.fi.stops[0].narration: must be a sound"
            ),
            ("    title: \"Minnesmärken", "    titel: \"Minnesmärken", "translations.sv.titel: is not a known key"),
        ] {
            try good.replacingOccurrences(of: from, with: to).write(to: yamlURL, atomically: true, encoding: .utf8)
            let r = try CLI.run(["import", "tour", folder.path, "--database", db, "--media", media])
            #expect(r.status == 1 && r.stderr.contains(message) && r.stderr.contains("nothing was imported"), "\(message): \(r.stderr)")
        }
        let shown = try CLI.run([
            "export", "tour", "helsinki-monuments", folder.appendingPathExtension("x").path, "--database", db, "--media", media,
        ])
        defer { try? FileManager.default.removeItem(at: folder.appendingPathExtension("x")) }
        #expect(shown.status == 0)
        #expect(
            !(try String(contentsOf: folder.appendingPathExtension("x").appendingPathComponent("tour.yaml"), encoding: .utf8)).contains(
                "translations:"))
    }
}

import Foundation
import Testing

@Suite("worldlayer import book, export book, book")
struct BookToolTests {
    static let demoBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo/book").standardized

    @Test("the demo book imports with every picture's quality, and round-trips byte for byte as a folder and as a zip")
    func roundTrip() throws {
        let db = CLI.scratchDatabase(), media = CLI.scratchMedia()
        let imported = try CLI.run(["import", "book", Self.demoBook.path, "--database", db, "--media", media])
        #expect(
            imported.status == 0 && imported.stdout.contains("imported pictures-of-science: “Pictures of Science”, 6 targets"),
            "\(imported.stderr)")
        let list = try CLI.run(["book", "list", "--database", db])
        #expect(list.stdout.hasPrefix("pictures-of-science\t6 targets\tPictures of Science\tWorldLayer demo, scikit-image contributors\t"))
        let shown = try CLI.run(["book", "show", "pictures-of-science", "--database", db])
        #expect(shown.stdout.contains("1. Eileen Collins, astronaut  [video, 12 cm wide, quality "), "\(shown.stdout)")

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wl-books-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("out"), zip = scratch.appendingPathComponent("book.zip"),
            again = scratch.appendingPathComponent("again")
        #expect(try CLI.run(["export", "book", "pictures-of-science", folder.path, "--database", db, "--media", media]).status == 0)
        // What was exported is what the bundle holds, byte for byte (the demo's book.yaml is written in the same layout).
        let original = try TourToolTests.files(under: Self.demoBook), exported = try TourToolTests.files(under: folder)
        #expect(exported.count == 13 && exported == original)
        #expect(try CLI.run(["export", "book", "pictures-of-science", zip.path, "--database", db, "--media", media]).status == 0)
        let db2 = CLI.scratchDatabase(), media2 = CLI.scratchMedia()
        #expect(try CLI.run(["import", "book", zip.path, "--database", db2, "--media", media2]).status == 0)
        #expect(try CLI.run(["export", "book", "pictures-of-science", again.path, "--database", db2, "--media", media2]).status == 0)
        #expect(try TourToolTests.files(under: again) == original)

        #expect(try CLI.run(["book", "delete", "pictures-of-science", "--database", db2]).stdout == "deleted pictures-of-science\n")
        #expect(try CLI.run(["book", "list", "--database", db2]).stdout.isEmpty)
        #expect(try CLI.run(["book", "show", "no-such-book", "--database", db2]).status == 1)
    }

    @Test("a malformed bundle or a picture that cannot be recognized is rejected whole, naming the line, the field and why")
    func malformed() throws {
        let db = CLI.scratchDatabase(), media = CLI.scratchMedia()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wl-bad-book-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.demoBook, to: folder)
        let yamlURL = folder.appendingPathComponent("book.yaml")
        let good = try String(contentsOf: yamlURL, encoding: .utf8)
        let line = { (prefix: String) in good.components(separatedBy: "\n").firstIndex { $0.hasPrefix(prefix) }! + 1 }
        let cases: [(String, String)] = [
            (
                good.replacingOccurrences(
                    of: "    width: 0.12\n    video: \"media/astronaut.mp4\"", with: "    width: 9\n    video: \"media/astronaut.mp4\""),
                "book.yaml line \(line("    width:")): targets[0].width: must be 0.01 to 5 metres"
            ),
            (
                good.replacingOccurrences(
                    of: "    loop: true\n    muted: false\n    credit: \"NASA",
                    with: "    loop: yes please\n    muted: false\n    credit: \"NASA"),
                "targets[0].loop: must be true or false"
            ),
            (
                good.replacingOccurrences(
                    of: "video: \"media/coffee.mp4\"", with: "video: \"media/coffee.mp4\"\n    link: \"https://example.org\""),
                "targets[1]: needs exactly one of video, model, audio, link"
            ),
            (
                good.replacingOccurrences(of: "video: \"media/coffee.mp4\"", with: "link: \"ftp://example.org/coffee\""),
                "targets[1].link: must be an http or https address"
            ),
            (
                good.replacingOccurrences(of: "video: \"media/coffee.mp4\"", with: "video: \"pages/coffee.jpg\""),
                "targets[1].video: must be a video file (MP4 or WebM)"
            ),
            (
                good.replacingOccurrences(of: "pages/chelsea.jpg", with: "pages/missing.jpg"),
                "targets[2].image: pages/missing.jpg is not in the bundle"
            ),
            (good.replacingOccurrences(of: "authors: [", with: "writers: ["), "book.yaml line 6: writers: is not a known key"),
            (
                good.replacingOccurrences(of: "format: worldlayer-book/1", with: "format: worldlayer-book/9"),
                "format: must be worldlayer-book/1"
            ),
        ]
        for (text, message) in cases {
            try text.write(to: yamlURL, atomically: true, encoding: .utf8)
            let r = try CLI.run(["import", "book", folder.path, "--database", db, "--media", media])
            #expect(r.status == 1 && r.stderr.contains(message) && r.stderr.contains("nothing was imported"), "\(message): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        // Pictures that would not be recognized, each with its reason.
        try good.write(to: yamlURL, atomically: true, encoding: .utf8)
        let frames = Self.demoBook.deletingLastPathComponent().appendingPathComponent("frames")
        for (picture, reason) in [("plain.png", "too plain"), ("repetitive.jpg", "repetitive")] {
            let page = folder.appendingPathComponent("pages/coins.jpg")
            try FileManager.default.removeItem(at: page)
            try FileManager.default.copyItem(at: frames.appendingPathComponent(picture), to: page)
            let r = try CLI.run(["import", "book", folder.path, "--database", db, "--media", media])
            #expect(
                r.status == 1 && r.stderr.contains("targets[3].image: pages/coins.jpg cannot be recognized reliably: \(reason)"),
                "\(r.stderr)")
        }
        #expect(try CLI.run(["book", "list", "--database", db]).stdout.isEmpty)
    }
}

import Foundation
import Testing

@Suite("worldlayer zone")
struct ZoneToolTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo/helsinki.osm.pbf")
        .standardized.path

    @Test("import from OSM (with progress), re-import updates in place, list, add, remove; bad input exits non-zero and changes nothing")
    func zones() throws {
        let db = CLI.scratchDatabase()
        let imported = try CLI.run(["zone", "import", Self.demo, "--database", db])
        #expect(imported.status == 0 && imported.stdout.contains("imported 29 zones (29 new"))
        #expect(imported.stderr.contains("100%"))
        let first = try CLI.run(["zone", "list", "--database", db]).stdout
        #expect(first.split(separator: "\n").count == 29)
        #expect(first.contains("memorial\tAlbert Edelfelt\tosm:node/60131839"))
        let again = try CLI.run(["zone", "import", Self.demo, "--database", db])
        #expect(again.stdout.contains("(0 new, 29 updated)"))
        #expect(try CLI.run(["zone", "list", "--database", db]).stdout == first, "a re-import keeps ids and adds no duplicates")

        let added = try CLI.run([
            "zone", "add", "--name", "Hietaniemi cemetery", "--kind", "cemetery", "--polygon",
            "60.17,24.91 60.17,24.92 60.18,24.92 60.18,24.91", "--database", db,
        ])
        #expect(added.status == 0)
        let id = try #require(added.stdout.split(separator: " ").dropFirst().first?.split(separator: "\t").first.map(String.init))
        #expect(try CLI.run(["zone", "list", "--database", db]).stdout.split(separator: "\n").count == 30)

        // Bad input: one line on stderr, non-zero exit, nothing changed.
        let badPolygon = try CLI.run(["zone", "add", "--name", "x", "--polygon", "60,24 61,25", "--database", db])
        #expect(badPolygon.status == 64 && badPolygon.stderr.split(separator: "\n").count == 1)
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("wl-cut-\(UUID().uuidString).osm.pbf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.demo)).prefix(300_000)).write(to: truncated)
        let cut = try CLI.run(["zone", "import", truncated.path, "--database", db])
        #expect(cut.status == 1 && cut.stderr.contains("truncated"))
        #expect(try CLI.run(["zone", "remove", UUID().uuidString, "--database", db]).status == 1)
        #expect(try CLI.run(["zone", "list", "--database", db]).stdout.split(separator: "\n").count == 30)

        #expect(try CLI.run(["zone", "remove", id, "--database", db]).status == 0)
        #expect(try CLI.run(["zone", "list", "--database", db]).stdout == first)
    }
}

import Foundation
import Testing

@Suite("worldlayer demo seed")
struct DemoToolTests {
    @Test("loads zones, stickers, the narrated tour at real Helsinki places and the demo book; running it again adds nothing")
    func seed() throws {
        let db = CLI.scratchDatabase(), media = CLI.scratchMedia()
        let first = try CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db, "--media", media])
        #expect(
            first.status == 0 && first.stdout.contains("29 restricted zones (29 new), 24 stickers by @demo (24 new)"),
            "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("imported 2431 walkable ways, 1259 places and 385 buildings"))
        #expect(
            first.stdout.contains(
                "tour “Monuments around Senate Square” loaded: 8 stops with narration by espeak-ng; guided tour helsinki-guided loaded"))
        #expect(first.stdout.contains("book “Pictures of Science” loaded: 6 pictures that play videos"))
        let again = try CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db, "--media", media])
        #expect(again.status == 0 && again.stdout.contains("(0 new), 24 stickers by @demo (0 new)"))
        #expect(!again.stdout.contains("imported"))  // The map is imported on the first start only.
        #expect(again.stdout.contains("(8 stops) is loaded\n"))
        #expect(again.stdout.contains("book “Pictures of Science” (6 pictures) is loaded"))
        let missing = try CLI.run(["demo", "seed", "--osm", "/no/such.osm.pbf", "--database", db, "--media", media])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1)
    }
}

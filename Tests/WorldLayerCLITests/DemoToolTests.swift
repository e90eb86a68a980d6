import Foundation
import Testing

@Suite("worldlayer demo seed")
struct DemoToolTests {
    @Test("loads zones and stickers at real Helsinki places; running it again adds nothing")
    func seed() throws {
        let db = CLI.scratchDatabase()
        let first = try CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db])
        #expect(first.status == 0 && first.stdout.contains("29 restricted zones (29 new), 24 stickers by @demo (24 new)"), "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("imported 2431 walkable ways and 1259 places"))
        let again = try CLI.run(["demo", "seed", "--osm", ZoneToolTests.demo, "--database", db])
        #expect(again.status == 0 && again.stdout.contains("(0 new), 24 stickers by @demo (0 new)"))
        #expect(!again.stdout.contains("imported"))  // The map is imported on the first start only.
        let missing = try CLI.run(["demo", "seed", "--osm", "/no/such.osm.pbf", "--database", db])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1)
    }
}

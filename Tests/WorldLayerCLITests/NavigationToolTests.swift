import Foundation
import Testing

@Suite("worldlayer import osm, place, route")
struct NavigationToolTests {
    @Test("import shows progress and is idempotent; a truncated file is refused and changes nothing")
    func importOSM() throws {
        let db = CLI.scratchDatabase()
        let first = try CLI.run(["import", "osm", ZoneToolTests.demo, "--database", db])
        #expect(first.status == 0 && first.stdout.contains("imported 2431 walkable ways, 1259 places and 385 buildings"), "\(first.stderr)")
        #expect(first.stderr.contains("reading helsinki.osm.pbf 100%") && first.stderr.contains("100%"))
        let again = try CLI.run(["import", "osm", ZoneToolTests.demo, "--database", db])
        #expect(again.status == 0 && again.stdout.contains("removed 0 ways, 0 places and 0 buildings"))

        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("wl-truncated-\(UUID().uuidString).osm.pbf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: ZoneToolTests.demo)).prefix(200_000)).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        let bad = try CLI.run(["import", "osm", truncated.path, "--database", db])
        #expect(bad.status == 1 && bad.stderr.contains("truncated") && bad.stderr.contains("nothing was imported"))
        #expect(bad.stderr.split(separator: "\n").last.map { $0.hasPrefix("worldlayer: ") } == true)
        let search = try CLI.run(["place", "search", "tuomiokirkko", "--database", db])
        #expect(search.status == 0 && search.stdout.contains("Helsingin tuomiokirkko"))
    }

    @Test("route prints steps, length and time between named places or points; --json is the API's object")
    func route() throws {
        let db = CLI.scratchDatabase()
        try CLI.run(["import", "osm", ZoneToolTests.demo, "--database", db])
        let text = try CLI.run(["route", "Kansallisteatteri", "Tuomiokirkko", "--database", db])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("From Suomen Kansallisteatteri") && text.stdout.contains("To   Helsingin tuomiokirkko"))
        #expect(
            text.stdout.contains("min on foot") && text.stdout.contains("1. Head ")
                && text.stdout.contains("Arrive at Helsingin tuomiokirkko"))

        let json = try CLI.run(["route", "60.1700,24.9400", "Tuomiokirkko", "--json", "--database", db])
        let route = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((route["length"] as? Double ?? 0) > 0 && (route["waypoints"] as? [Any])?.isEmpty == false)
        #expect(((route["from"] as? [String: Any])?["requested"] as? [String: Double])?["latitude"] == 60.17)
        // As the API writes it (`RouteJSON`): no number past 7 places, where `JSONEncoder` wrote OSM's as 17 digits.
        #expect(json.stdout.range(of: #"\.[0-9]{8,}"#, options: .regularExpression) == nil)

        for (args, message) in [
            (["route", "Kansallisteatteri", "qqqqzzzz"], "no place matches 'qqqqzzzz'"),
            (["route", "91,0", "Tuomiokirkko"], "is not a position on Earth"),
            (["route", "0,0", "Tuomiokirkko"], "from any path"),
        ] {
            let r = try CLI.run(args + ["--database", db])
            #expect(r.status == 1 && r.stderr.contains(message) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
    }

    @Test("admins edit a place from the command line; the edit survives a re-import")
    func editPlace() throws {
        let db = CLI.scratchDatabase()
        try CLI.run(["import", "osm", ZoneToolTests.demo, "--database", db])
        let id = try #require(
            try CLI.run(["place", "search", "Helsingin tuomiokirkko", "--database", db]).stdout.split(separator: "\t").first.map(
                String.init))
        let edit = try CLI.run([
            "place", "edit", id, "--description", "Lutheran cathedral", "--opening-hours", "Mo-Su 09:00-18:00", "--database", db,
        ])
        #expect(edit.status == 0, "\(edit.stderr)")
        try CLI.run(["import", "osm", ZoneToolTests.demo, "--database", db])
        let shown = try CLI.run(["place", "show", id, "--database", db]).stdout
        #expect(shown.contains("\"description\" : \"Lutheran cathedral\"") && shown.contains("Mo-Su 09:00-18:00"))
        let added = try CLI.run([
            "place", "add", "--name", "Yliopiston kirjasto", "--kind", "amenity:library", "--at", "60.1705,24.9495", "--database", db,
        ])
        #expect(added.status == 0 && added.stdout.hasPrefix("added "))
        let bad = try CLI.run(["place", "add", "--name", "X", "--kind", "k", "--at", "95,0", "--database", db])
        #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1)
        #expect(try CLI.run(["place", "edit", UUID().uuidString, "--name", "Nope", "--database", db]).status == 1)
    }
}

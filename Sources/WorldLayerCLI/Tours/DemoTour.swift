import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// The demo open tour: memorials and sculptures around Senate Square, taken from the imported OSM
/// places (their inscriptions and descriptions are the stops' texts), each narrated by espeak-ng so
/// the tour can be followed by ear. Built as a bundle and imported through the same path as any other.
enum DemoTour {
    static let id = Tour.ID("00000000-0000-4000-8002-000000000001")!
    static let guidedID = Tour.ID("00000000-0000-4000-8003-000000000001")!
    static let start = Coordinate(latitude: 60.16951, longitude: 24.95227)  // Alexander II's statue, Senate Square
    static let kinds: Set<String> = ["historic:memorial", "historic:monument", "tourism:artwork", "tourism:attraction"]
    static let stops = 8

    /// Imports the demo tours unless they are there; returns what happened, for `demo seed` to print.
    static func install(store: Store, library: MediaLibrary) async throws -> String {
        var message: String
        if let existing = try await store.tours.tour(id: id) {
            message = "tour “\(existing.title)” (\(existing.stops.count) stops) is loaded"
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-demo-tour-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tour = try await write(places: try await store.places.all(), to: folder)
            _ = try await TourBundle.importBundle(folder, store: store, library: library)
            message = "tour “\(tour.title)” loaded: \(tour.stops.count) stops with narration by espeak-ng"
        }
        if try await store.tours.tour(id: guidedID) == nil, let open = try await store.tours.tour(id: id) {
            try await store.tours.save(guided(from: open))
            message += "; guided tour helsinki-guided loaded"
        }
        return message
    }

    /// A guided version of the first four stops, each also marked by a BLE beacon (its registry is demo data:
    /// a phone near real beacons with these ids would find them), for trying passkeys and questions.
    static func guided(from open: Tour) -> Tour {
        var tour = open
        tour.id = guidedID
        tour.slug = "helsinki-guided"
        tour.title = "Guided walk: Senate Square"
        tour.description =
            "The first four stops of “\(open.title)” with a guide: join with a passkey from your guide, ask questions on the way."
        tour.mode = .guided
        tour.stops = open.stops.prefix(4).enumerated().map { i, stop in
            var s = stop
            s.id = TourStop.ID(String(format: "00000000-0000-4000-8003-%012llx", i + 2))!
            s.beacon = StopBeacon(uuid: "F7826DA6-4FA2-4E98-8024-BC5B71E0893E", major: 1, minor: i + 1, txPower: -59)
            return s
        }
        return tour
    }

    /// Chooses the stops, writes their narration and `tour.yaml` into `folder`.
    static func write(places: [Place], to folder: URL) async throws -> Tour {
        let chosen = route(through: pick(places))
        guard chosen.count >= 3 else {
            throw CommandFailure("the map has too few memorials near Senate Square for the demo tour; import demo/helsinki.osm.pbf")
        }
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        var stops: [TourStop] = []
        for (i, place) in chosen.enumerated() {
            let text = narration(place)
            let name = String(format: "media/%02d-narration.mp3", i + 1)
            try speak(text, to: folder.appendingPathComponent(name))
            stops.append(
                TourStop(
                    id: TourStop.ID(String(format: "00000000-0000-4000-8002-%012llx", i + 2))!, title: place.names["en"] ?? place.name,
                    text: text,
                    kind: .audio, position: place.position, radius: 20,
                    media: [MediaRef(id: "", contentType: "audio/mpeg", size: 0, name: name)],
                    source: "OpenStreetMap contributors (ODbL), \(place.source); narration: espeak-ng"))
        }
        let tour = Tour(
            id: id, slug: "helsinki-monuments", title: "Monuments around Senate Square",
            description: "A short walk past \(stops.count) memorials and sculptures of central Helsinki, each with a spoken narration. "
                + "Texts come from the inscriptions and descriptions mapped in OpenStreetMap.",
            language: "en", mode: .open, area: area(around: stops.compactMap(\.position)), stops: stops)
        try Data(TourYAML.render(tour).utf8).write(to: folder.appendingPathComponent(TourYAML.fileName))
        return tour
    }

    /// Memorials within 700 m of the start that say something about themselves, one per name.
    static func pick(_ places: [Place]) -> [Place] {
        var seen = Set<String>()
        return places.filter { kinds.contains($0.kind) && about($0) != nil && Geodesic.wgs84.inverse(start, $0.position).distance < 700 }
            .sorted { Geodesic.wgs84.inverse(start, $0.position).distance < Geodesic.wgs84.inverse(start, $1.position).distance }
            .filter { seen.insert($0.name).inserted }
            .prefix(stops).map { $0 }
    }

    /// Nearest-neighbour order from the start: a walk without back-and-forth.
    static func route(through places: [Place]) -> [Place] {
        var left = places, here = start, order: [Place] = []
        while let next = left.indices.min(by: {
            Geodesic.wgs84.inverse(here, left[$0].position).distance < Geodesic.wgs84.inverse(here, left[$1].position).distance
        }) {
            here = left[next].position
            order.append(left.remove(at: next))
        }
        return order
    }

    static func about(_ p: Place) -> String? { p.tags["inscription"] ?? p.tags["description"] ?? p.description }

    static func narration(_ p: Place) -> String {
        let english = p.names["en"].map { $0 == p.name ? "" : ", in English \($0)" } ?? ""
        return "\(p.name)\(english). \(about(p) ?? "")".trimmingCharacters(in: .whitespaces)
    }

    /// espeak-ng speaks the text into a WAV; lame makes it an MP3 every phone and browser plays.
    static func speak(_ text: String, to mp3: URL) throws {
        let wav = mp3.deletingPathExtension().appendingPathExtension("wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try run("espeak-ng", ["-v", "en", "-s", "150", "-w", wav.path, text])
        try run("lame", ["--quiet", "-V", "6", wav.path, mp3.path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw CommandFailure("cannot run \(tool): \(error)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailure(
                "\(tool) failed (status \(process.terminationStatus)); the demo tour's narration needs it: scripts/install-packages espeak-ng lame"
            )
        }
    }

    /// A rectangle around the stops with 150 m to spare.
    static func area(around points: [Coordinate]) -> GeoPolygon {
        let margin = 150.0 / 111_320, lonMargin = margin / cos(start.latitude * .pi / 180)
        let s = points.map(\.latitude).min()! - margin, n = points.map(\.latitude).max()! + margin
        let w = points.map(\.longitude).min()! - lonMargin, e = points.map(\.longitude).max()! + lonMargin
        let round = { (x: Double) in (x * 1e5).rounded() / 1e5 }
        return GeoPolygon([
            Coordinate(latitude: round(s), longitude: round(w)), Coordinate(latitude: round(s), longitude: round(e)),
            Coordinate(latitude: round(n), longitude: round(e)), Coordinate(latitude: round(n), longitude: round(w)),
        ])
    }
}

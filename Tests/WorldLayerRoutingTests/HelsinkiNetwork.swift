import Foundation
import WorldLayerOSM
import WorldLayerRouting

/// The demo extract's walking network and places, read once for all routing tests.
enum HelsinkiNetwork {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo/helsinki.osm.pbf")
        .standardized
    static let data: OSMMapData = try! OSMMapData.read(file)
    static let router = WalkingRouter(walkways: data.walkways)
}

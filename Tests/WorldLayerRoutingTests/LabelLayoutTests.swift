import Foundation
import Testing
import WorldLayerGeo
import WorldLayerRouting

@Suite("AR label layout")
struct LabelLayoutTests {
    let fix = DeviceFix(latitude: 60.1699, longitude: 24.9384, altitude: 20, heading: 0)
    let view = ScreenView(width: 390, height: 844, horizontalFieldOfView: 63)

    @Test func twoHundredPlacesInOneViewNeverOverlap() {
        // A fixed pseudo-random scatter: 200 places 10–400 m away, all around the device.
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let labels = (0..<200).map { i in
            let p = Geodesic.wgs84.direct(
                from: Coordinate(latitude: fix.latitude, longitude: fix.longitude), azimuth: next() * 360, distance: 10 + next() * 390
            ).coordinate
            return LabelRequest(
                id: "p\(i)", text: String(repeating: "x", count: 4 + i % 20),
                anchor: GeoAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 3), priority: i % 7 == 0 ? 1 : 0)
        }
        let layout = LabelLayoutEngine.layout(labels, fix: fix, view: view)
        #expect(layout.placed.count + layout.dropped.count == 200)
        #expect(Set(layout.placed.map(\.id) + layout.dropped.map(\.id)).count == 200)
        #expect(layout.placed.count >= 10)
        for (i, a) in layout.placed.enumerated() {
            #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= view.width && a.y + a.height <= view.height)
            for b in layout.placed[(i + 1)...] {
                let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                #expect(apart, "\(a.id) overlaps \(b.id)")
            }
        }
        // Every label behind the viewer is dropped as such; none in front is dropped for being behind.
        #expect(layout.dropped.contains { $0.reason == "behind" } && layout.dropped.contains { $0.reason == "no room" })
    }

    @Test func aLabelBehindAnotherIsLiftedAboveIt() {
        let north = { (d: Double) in
            Geodesic.wgs84.direct(from: Coordinate(latitude: 60.1699, longitude: 24.9384), azimuth: 0, distance: d).coordinate
        }
        let near = north(30), far = north(60)
        let layout = LabelLayoutEngine.layout(
            [
                LabelRequest(
                    id: "far", text: "Tuomiokirkko", anchor: GeoAnchor(latitude: far.latitude, longitude: far.longitude, altitude: 1.5)),
                LabelRequest(
                    id: "near", text: "Kansallisteatteri",
                    anchor: GeoAnchor(latitude: near.latitude, longitude: near.longitude, altitude: 1.5)),
            ], fix: fix, view: view)
        #expect(layout.dropped.isEmpty)
        let byID = Dictionary(uniqueKeysWithValues: layout.placed.map { ($0.id, $0) })
        // The nearer one keeps its anchor; the farther one is stacked above it, still centred on its own anchor.
        #expect(byID["near"]?.lift == 0)
        #expect((byID["far"]?.lift ?? 0) >= 1)
        #expect(abs((byID["far"]!.x + byID["far"]!.width / 2) - byID["far"]!.anchorX) < 1e-9)
        #expect(abs(byID["near"]!.anchorX - view.width / 2) < 1)  // straight ahead
    }

    @Test func priorityWinsTheSpace() {
        let p = Geodesic.wgs84.direct(from: Coordinate(latitude: 60.1699, longitude: 24.9384), azimuth: 0, distance: 50).coordinate
        let same = GeoAnchor(latitude: p.latitude, longitude: p.longitude, altitude: 1.5)
        let crowd = (0..<30).map { LabelRequest(id: "c\($0)", text: "Crowded place \($0)", anchor: same) }
        let layout = LabelLayoutEngine.layout(
            crowd + [LabelRequest(id: "goal", text: "Destination", anchor: same, priority: 10)], fix: fix, view: view)
        #expect(layout.placed.first?.id == "goal" && layout.placed.first?.lift == 0)
        #expect(layout.dropped.allSatisfy { $0.reason == "no room" } && !layout.dropped.isEmpty)
    }
}

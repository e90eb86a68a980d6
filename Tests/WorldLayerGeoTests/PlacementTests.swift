import Foundation
import Testing
import WorldLayerGeo

@Suite("Placing geo anchors in the AR session frame")
struct PlacementTests {
    @Test("an anchor built from a known session-frame offset comes back within 1 cm, 1 m to 20 km")
    func exactAtEveryRange() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<5_000 {
            let device = DeviceFix(
                latitude: rng.uniform(-85, 85), longitude: rng.uniform(-180, 180), altitude: rng.uniform(-50, 3_000),
                heading: rng.uniform(0, 360))
            let range = pow(10, rng.uniform(0, log10(20_000)))
            let angle = rng.uniform(0, 2 * .pi)
            let expected = (x: range * cos(angle), y: rng.uniform(-50, 50), z: range * sin(angle))
            // Rotate the session-frame offset into ENU independently of the code under test.
            let h = device.heading * .pi / 180
            let east = expected.x * cos(h) - expected.z * sin(h)
            let north = -expected.x * sin(h) - expected.z * cos(h)
            let frame = LocalFrame(
                origin: GeodeticPosition(latitude: device.latitude, longitude: device.longitude, height: device.altitude))
            let target = frame.geodetic(ENU(east: east, north: north, up: expected.y))
            let placed = device.place(
                GeoAnchor(latitude: target.latitude, longitude: target.longitude, altitude: target.height, altitudeMode: .absolute))
            let error =
                ((placed.x - expected.x) * (placed.x - expected.x) + (placed.y - expected.y) * (placed.y - expected.y)
                + (placed.z - expected.z) * (placed.z - expected.z)).squareRoot()
            #expect(error < 0.01, "range \(range): off by \(error) m")
        }
    }

    @Test("heading 0 gives ARKit's gravity-and-heading axes: north is −z, east is +x")
    func axes() {
        let device = DeviceFix(latitude: 60.1699, longitude: 24.9384, altitude: 30)
        let north = device.place(GeoAnchor(latitude: 60.1708, longitude: 24.9384, altitude: 0, altitudeMode: .relativeToDevice))
        #expect(north.z < -99 && abs(north.x) < 1e-6 && abs(north.bearing) < 1e-9)
        let east = device.place(GeoAnchor(latitude: 60.1699, longitude: 24.9402, altitude: 0, altitudeMode: .relativeToDevice))
        #expect(east.x > 99 && abs(east.z) < 0.01 && abs(east.bearing - 90) < 0.01)
        // Facing east, the northern anchor is on the left (−x).
        var facingEast = device
        facingEast.heading = 90
        let left = facingEast.place(GeoAnchor(latitude: 60.1708, longitude: 24.9384, altitude: 0, altitudeMode: .relativeToDevice))
        #expect(left.x < -99 && abs(left.z) < 1e-6)
    }

    @Test("altitude modes: absolute, relative to the device, relative to the ground")
    func altitudeModes() {
        let device = DeviceFix(latitude: 0, longitude: 0, altitude: 100, heightAboveGround: 1.5)
        let at = (lat: 0.0, lon: 0.0)
        #expect(abs(device.place(GeoAnchor(latitude: at.lat, longitude: at.lon, altitude: 110, altitudeMode: .absolute)).y - 10) < 1e-9)
        #expect(
            abs(device.place(GeoAnchor(latitude: at.lat, longitude: at.lon, altitude: 2, altitudeMode: .relativeToDevice)).y - 2) < 1e-9)
        #expect(
            abs(device.place(GeoAnchor(latitude: at.lat, longitude: at.lon, altitude: 0, altitudeMode: .relativeToGround)).y + 1.5) < 1e-9)
    }

    @Test("uncertainty grows with range through the heading error")
    func uncertainty() {
        let device = DeviceFix(
            latitude: 51.5, longitude: -0.12, altitude: 20, horizontalAccuracy: 3, verticalAccuracy: 4, heading: 0, headingAccuracy: 5)
        let near = device.place(GeoAnchor(latitude: 51.5001, longitude: -0.12))
        let far = device.place(GeoAnchor(latitude: 51.51, longitude: -0.12))
        #expect(near.horizontalUncertainty > 3 && near.horizontalUncertainty < 3.2)
        // 1.1 km × sin 5° ≈ 97 m.
        #expect(far.horizontalUncertainty > 90 && far.horizontalUncertainty < 100)
        #expect(far.verticalUncertainty == 4)
    }
}

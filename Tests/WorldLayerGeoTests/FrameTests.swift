import Foundation
import Testing
import WorldLayerGeo

@Suite("Geodetic, ECEF and local ENU frames")
struct FrameTests {
    let ellipsoid = Ellipsoid.wgs84

    @Test("geodetic → ECEF matches known values")
    func knownECEF() {
        let equator = ellipsoid.ecef(GeodeticPosition(latitude: 0, longitude: 0, height: 0))
        #expect(equator == ECEF(x: 6_378_137, y: 0, z: 0))
        let pole = ellipsoid.ecef(GeodeticPosition(latitude: 90, longitude: 0, height: 0))
        #expect(abs(pole.z - 6_356_752.314_245_18) < 1e-6)
        #expect(abs(pole.x) < 1e-9)
    }

    @Test("ECEF → geodetic round-trips to a nanometre from the deep ocean to orbit")
    func roundTrip() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let p = GeodeticPosition(
                latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180), height: rng.uniform(-11_000, 400_000))
            let back = ellipsoid.geodetic(ellipsoid.ecef(p))
            let error = (ellipsoid.ecef(back) - ellipsoid.ecef(p)).norm
            #expect(error < 1e-8, "\(p) → \(back)")
            #expect(abs(back.height - p.height) < 1e-8)
        }
    }

    @Test("ENU axes: north of the origin is +north, above is +up, east is +east")
    func axes() {
        let frame = LocalFrame(origin: GeodeticPosition(latitude: 60.17, longitude: 24.94, height: 20))
        let up = frame.enu(GeodeticPosition(latitude: 60.17, longitude: 24.94, height: 120))
        #expect(abs(up.up - 100) < 1e-9 && abs(up.east) < 1e-9 && abs(up.north) < 1e-9)
        let north = frame.enu(GeodeticPosition(latitude: 60.171, longitude: 24.94, height: 20))
        #expect(north.north > 111 && north.north < 112 && abs(north.east) < 1e-9)
        let east = frame.enu(GeodeticPosition(latitude: 60.17, longitude: 24.941, height: 20))
        #expect(east.east > 55 && east.east < 56)
    }

    @Test("huge angles reduce like small ones instead of overflowing")
    func hugeAngles() {
        #expect(ellipsoid.ecef(GeodeticPosition(latitude: 0, longitude: 720, height: 0)).x == 6_378_137)
        let anchor = GeoAnchor(latitude: 0.001, longitude: 0)
        let small = DeviceFix(latitude: 0, longitude: 0, altitude: 0, heading: 90).place(anchor)
        let huge = DeviceFix(latitude: 0, longitude: 0, altitude: 0, heading: 90 + 360 * 1e12).place(anchor)
        #expect(abs(small.x - huge.x) < 1e-6 && abs(small.z - huge.z) < 1e-6)
        // Beyond 2^53 degrees every double is a multiple of 360: the answer is finite, not a trap.
        #expect(DeviceFix(latitude: 0, longitude: 1e300, altitude: 0, heading: -1e308).place(anchor).distance.isFinite)
    }

    @Test("ENU ↔ geodetic round-trips exactly out to 1,000 km")
    func enuRoundTrip() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<5_000 {
            let frame = LocalFrame(
                origin: GeodeticPosition(
                    latitude: rng.uniform(-89, 89), longitude: rng.uniform(-180, 180), height: rng.uniform(-100, 3_000)))
            let v = ENU(east: rng.uniform(-1e6, 1e6), north: rng.uniform(-1e6, 1e6), up: rng.uniform(-1e4, 1e4))
            let back = frame.enu(frame.geodetic(v))
            #expect(abs(back.east - v.east) < 1e-7 && abs(back.north - v.north) < 1e-7 && abs(back.up - v.up) < 1e-7)
        }
    }
}

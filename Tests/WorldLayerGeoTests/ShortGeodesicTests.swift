import Foundation
import Testing
import WorldLayerGeo

/// ``Geodesic/shortInverse(_:_:)``, the mid-latitude formulas a route's segments use, against the full inverse.
@Suite("Short geodesics by the mid-latitude formulas")
struct ShortGeodesicTests {
    let geodesic = Geodesic.wgs84

    @Test("within 20 µm and 1e-6° of the inverse on 20,000 random lines up to 3 km, at latitudes to 84°")
    func agreesWithTheInverse() {
        var random = SplitMix64(seed: 49)
        var worstDistance = 0.0, worstAzimuth = 0.0
        for _ in 0..<20_000 {
            let start = Coordinate(latitude: random.uniform(-84, 84), longitude: random.uniform(-180, 180))
            let end = geodesic.direct(from: start, azimuth: random.uniform(-180, 180), distance: random.uniform(0.01, 3_000)).coordinate
            let short = geodesic.shortInverse(start, end), full = geodesic.inverse(start, end)
            worstDistance = max(worstDistance, abs(short.distance - full.distance))
            worstAzimuth = max(
                worstAzimuth, angle(short.initialAzimuth, full.initialAzimuth), angle(short.finalAzimuth, full.finalAzimuth))
        }
        #expect(worstDistance < 20e-6 && worstAzimuth < 1e-6, "\(worstDistance) m, \(worstAzimuth)°")
    }

    @Test("across the antimeridian, as the inverse; far apart, near a pole or at one point, the inverse itself")
    func edges() {
        let across = geodesic.shortInverse(
            Coordinate(latitude: 10, longitude: 179.9999), Coordinate(latitude: 10.0001, longitude: -179.9999))
        let full = geodesic.inverse(Coordinate(latitude: 10, longitude: 179.9999), Coordinate(latitude: 10.0001, longitude: -179.9999))
        #expect(abs(across.distance - full.distance) < 1e-6 && angle(across.initialAzimuth, full.initialAzimuth) < 1e-6)
        for (a, b) in [
            (Coordinate(latitude: 60, longitude: 24), Coordinate(latitude: 60.1, longitude: 24)),
            (Coordinate(latitude: 86, longitude: 24), Coordinate(latitude: 86.001, longitude: 24.001)),
            (Coordinate(latitude: 60, longitude: 24), Coordinate(latitude: 60, longitude: 24)),
        ] {
            #expect(geodesic.shortInverse(a, b) == geodesic.inverse(a, b))
        }
    }

    private func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }
}

import Foundation
import Testing
import WorldLayerGeo

@Suite("WGS84 geodesics against GeographicLib")
struct GeodesicTests {
    let geodesic = Geodesic.wgs84

    @Test("at least 10,000 reference vectors are present")
    func vectorsLoaded() {
        #expect(GeodesicVector.all.count >= 10_000)
    }

    @Test("inverse agrees to 0.1 mm and 1e-7 degrees on every vector")
    func inverseMatchesReference() {
        var worstDistance = 0.0
        var worstAzimuth = 0.0
        for v in GeodesicVector.all {
            let r = geodesic.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            let ds = abs(r.distance - v.s12)
            let da = max(azimuthDifference(r.initialAzimuth, v.azi1), azimuthDifference(r.finalAzimuth, v.azi2))
            if ds > 1e-4 || da > azimuthTolerance(length: v.s12) {
                Issue.record("inverse \(v.lat1) \(v.lon1) \(v.lat2) \(v.lon2): got \(r), want \(v.azi1) \(v.azi2) \(v.s12)")
            }
            worstDistance = max(worstDistance, ds)
            if v.s12 >= 1 { worstAzimuth = max(worstAzimuth, da) }
        }
        #expect(worstDistance <= 1e-4)
        #expect(worstAzimuth <= 1e-7)
    }

    @Test("direct agrees to 0.1 mm in position and 1e-7 degrees on every vector")
    func directMatchesReference() {
        for v in GeodesicVector.all {
            let r = geodesic.direct(from: Coordinate(latitude: v.lat1, longitude: v.lon1), azimuth: v.azi1, distance: v.s12)
            // Measure the miss as a distance on the ground, which is what the tolerance is about.
            let miss = geodesic.inverse(r.coordinate, Coordinate(latitude: v.lat2, longitude: v.lon2)).distance
            let da = azimuthDifference(r.finalAzimuth, v.azi2)
            // At a pole the final azimuth depends on the longitude convention only.
            let atPole = abs(v.lat2) > 90 - 1e-9
            if miss > 1e-4 || (da > azimuthTolerance(length: v.s12) && !atPole) {
                Issue.record("direct \(v.lat1) \(v.lon1) \(v.azi1) \(v.s12): got \(r), want \(v.lat2) \(v.lon2) \(v.azi2)")
            }
        }
    }

    @Test("inverse is symmetric: swapping the ends reverses the azimuths")
    func inverseSymmetry() {
        for v in GeodesicVector.all.prefix(2000) {
            let forward = geodesic.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            let backward = geodesic.inverse(latitude1: v.lat2, longitude1: v.lon2, latitude2: v.lat1, longitude2: v.lon1)
            #expect(abs(forward.distance - backward.distance) < 1e-6)
        }
    }

    @Test("known values: a zero-length line, a quarter meridian, the equator")
    func knownValues() {
        let zero = geodesic.inverse(latitude1: 10, longitude1: 20, latitude2: 10, longitude2: 20)
        #expect(zero.distance == 0)
        // The quarter meridian of WGS84 is 10,001,965.729 m.
        let quarter = geodesic.inverse(latitude1: 0, longitude1: 0, latitude2: 90, longitude2: 0)
        #expect(abs(quarter.distance - 10_001_965.729_312) < 1e-3)
        #expect(quarter.initialAzimuth == 0)
        let equator = geodesic.inverse(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1)
        #expect(abs(equator.distance - 6_378_137 * Double.pi / 180) < 1e-6)
        #expect(equator.initialAzimuth == 90)
    }

    @Test("out-of-range latitudes give NaN rather than a wrong answer")
    func invalidLatitude() {
        #expect(geodesic.inverse(latitude1: 91, longitude1: 0, latitude2: 0, longitude2: 0).distance.isNaN)
    }
}

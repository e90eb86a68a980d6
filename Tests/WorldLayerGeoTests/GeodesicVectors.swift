import Foundation
import WorldLayerGeo

/// One reference geodesic from GeographicLib: both ends, both azimuths, the length.
struct GeodesicVector {
    var lat1, lon1, azi1, lat2, lon2, azi2, s12: Double

    /// The committed vectors (scripts/generate-geodesic-vectors.py).
    static let all: [GeodesicVector] = {
        guard let url = Bundle.module.url(forResource: "Vectors/geodesic", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let v = line.split(separator: " ").compactMap { Double($0) }
            guard v.count == 7 else { return nil }
            return GeodesicVector(lat1: v[0], lon1: v[1], azi1: v[2], lat2: v[3], lon2: v[4], azi2: v[5], s12: v[6])
        }
    }()
}

/// The difference of two azimuths in degrees, treating −180° and 180° as equal.
func azimuthDifference(_ x: Double, _ y: Double) -> Double {
    let d = abs(x - y).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

/// The azimuth tolerance for a line of a given length: 1e-7° as required, except where
/// the inputs themselves cannot define the azimuth that finely.
///
/// A latitude or longitude in double precision is only known to about 1e-9 m on the
/// ground, so the azimuth of a line s metres long is only defined to about 1e-9 / s
/// radians: 1e-7° needs s ≥ 0.6 m. For shorter lines GeographicLib's own values carry
/// that round-off, and the two implementations are compared on the sideways miss it
/// causes instead, which must stay under 10 nm.
func azimuthTolerance(length s: Double) -> Double {
    let lateralLimit = 1e-8  // metres
    return max(1e-7, lateralLimit / max(s, 1e-12) * 180 / .pi)
}

import Foundation

extension Geodesic {
    /// The geodesic between two points at most ``shortLineDegrees`` apart, as consecutive nodes of an
    /// OSM way are, by Gauss's mid-latitude formulas on the ellipsoid: within 20 µm and 1e-6° of
    /// ``inverse(_:_:)`` up to 3 km apart (`ShortGeodesicTests` compare them on random lines), at a fraction
    /// of its cost, which took a sixth of a described route's time. Points farther apart, poleward of
    /// 85°, or the same point, get ``inverse(_:_:)``.
    public func shortInverse(_ p1: Coordinate, _ p2: Coordinate) -> GeodesicLine {
        var dLongitude = p2.longitude - p1.longitude
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        let dLatitude = p2.latitude - p1.latitude
        let middle = (p1.latitude + p2.latitude) / 2
        guard abs(middle) < 85, abs(dLatitude) < Self.shortLineDegrees, dLatitude != 0 || dLongitude != 0 else {
            return inverse(p1, p2)
        }
        // One sine and one cosine, for the guard and the formulas (the cosines of the guard and of
        // half the longitude difference were two of its five calls to libm).
        let (sinMiddle, cosMiddle) = (sin(middle * AngleMath.degree), cos(middle * AngleMath.degree))
        guard abs(dLongitude) * cosMiddle < Self.shortLineDegrees else { return inverse(p1, p2) }
        let w = 1 - e2 * sinMiddle * sinMiddle
        let normal = a / w.squareRoot()  // the radii of curvature across and along the meridian
        let meridional = a * (1 - e2) / (w * w.squareRoot())
        let lambda = dLongitude * AngleMath.degree
        let east = normal * cosMiddle * lambda * (1 - lambda * lambda * sinMiddle * sinMiddle / 24)
        // cos(λ/2) by its series: |λ/2| < 0.002 here, where the next term (λ/2)⁶/720 is below 1e-19.
        let half2 = lambda * lambda / 4
        let north = meridional * dLatitude * AngleMath.degree * (1 - half2 / 2 + half2 * half2 / 24)
        let azimuth = atan2(east, north) / AngleMath.degree
        let convergence = dLongitude * sinMiddle  // how far the meridians turn between the points
        return GeodesicLine(
            distance: (east * east + north * north).squareRoot(),
            initialAzimuth: Self.wrapped(azimuth - convergence / 2), finalAzimuth: Self.wrapped(azimuth + convergence / 2))
    }

    /// About 2 km: how far apart (in latitude, or in longitude times its cosine) ``shortInverse(_:_:)`` takes points.
    public static let shortLineDegrees = 0.018

    private static func wrapped(_ degrees: Double) -> Double {
        degrees > 180 ? degrees - 360 : degrees < -180 ? degrees + 360 : degrees
    }
}

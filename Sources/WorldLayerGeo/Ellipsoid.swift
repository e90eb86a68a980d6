import Foundation

/// An ellipsoid of revolution with the derived constants the geodesic series need.
///
/// Only the WGS84 ellipsoid is used by WorldLayer, but the parameters are kept
/// together so every formula reads its constants from one place.
public struct Ellipsoid: Sendable, Equatable {
    /// Equatorial radius in metres.
    public let equatorialRadius: Double
    /// Flattening.
    public let flattening: Double

    /// Polar semi-axis in metres.
    public var polarRadius: Double { equatorialRadius * (1 - flattening) }
    /// First eccentricity squared.
    public var eccentricitySquared: Double { flattening * (2 - flattening) }
    /// Second eccentricity squared.
    public var secondEccentricitySquared: Double {
        eccentricitySquared / ((1 - flattening) * (1 - flattening))
    }
    /// Third flattening, n = f / (2 − f).
    public var thirdFlattening: Double { flattening / (2 - flattening) }

    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// The World Geodetic System 1984 ellipsoid used by GPS.
    public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// Radius of curvature in the prime vertical at a geodetic latitude (radians).
    public func primeVerticalRadius(latitudeRadians phi: Double) -> Double {
        let s = sin(phi)
        return equatorialRadius / (1 - eccentricitySquared * s * s).squareRoot()
    }

    /// Meridional radius of curvature at a geodetic latitude (radians).
    public func meridionalRadius(latitudeRadians phi: Double) -> Double {
        let s = sin(phi)
        let w = 1 - eccentricitySquared * s * s
        return equatorialRadius * (1 - eccentricitySquared) / (w * w.squareRoot())
    }
}

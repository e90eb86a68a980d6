import Foundation

/// A point on the WGS84 ellipsoid in degrees: latitude first, then longitude.
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and the latitude lies in [−90°, 90°] (a longitude that
    /// wrapped a little past ±180° in arithmetic is still a position).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 540
    }

    /// Whether this is a position as people write and send them: finite, latitude in [−90°, 90°],
    /// longitude in [−180°, 180°]. The one check every input (API, CLI, bundles) makes.
    public var isOnEarth: Bool { isValid && abs(longitude) <= 180 }
}

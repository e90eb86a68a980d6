import Foundation

/// East, north, up offsets in metres in a local tangent frame.
public struct ENU: Sendable, Hashable, Codable {
    public var east: Double
    public var north: Double
    public var up: Double

    public init(east: Double, north: Double, up: Double) {
        self.east = east
        self.north = north
        self.up = up
    }

    /// Straight-line length.
    public var norm: Double { (east * east + north * north + up * up).squareRoot() }
    /// Length of the horizontal part.
    public var horizontalNorm: Double { (east * east + north * north).squareRoot() }
}

/// The local east-north-up tangent frame at an origin on the ellipsoid.
///
/// Conversions go through ECEF exactly, so they hold at any range, not only the
/// few kilometres a flat-earth approximation allows.
public struct LocalFrame: Sendable {
    public let origin: GeodeticPosition
    public let ellipsoid: Ellipsoid
    let originECEF: ECEF
    // Rows of the ECEF → ENU rotation.
    let eastAxis: ECEF
    let northAxis: ECEF
    let upAxis: ECEF

    public init(origin: GeodeticPosition, ellipsoid: Ellipsoid = .wgs84) {
        self.origin = origin
        self.ellipsoid = ellipsoid
        originECEF = ellipsoid.ecef(origin)
        let (sphi, cphi) = AngleMath.sinCos(degrees: origin.latitude)
        let (slam, clam) = AngleMath.sinCos(degrees: origin.longitude)
        eastAxis = ECEF(x: -slam, y: clam, z: 0)
        northAxis = ECEF(x: -sphi * clam, y: -sphi * slam, z: cphi)
        upAxis = ECEF(x: cphi * clam, y: cphi * slam, z: sphi)
    }

    /// ECEF → ENU relative to the origin.
    public func enu(_ p: ECEF) -> ENU {
        let d = p - originECEF
        return ENU(
            east: dot(eastAxis, d),
            north: dot(northAxis, d),
            up: dot(upAxis, d))
    }

    /// Geodetic → ENU relative to the origin.
    public func enu(_ p: GeodeticPosition) -> ENU { enu(ellipsoid.ecef(p)) }

    /// ENU → ECEF.
    public func ecef(_ v: ENU) -> ECEF {
        ECEF(
            x: originECEF.x + eastAxis.x * v.east + northAxis.x * v.north + upAxis.x * v.up,
            y: originECEF.y + eastAxis.y * v.east + northAxis.y * v.north + upAxis.y * v.up,
            z: originECEF.z + eastAxis.z * v.east + northAxis.z * v.north + upAxis.z * v.up)
    }

    /// ENU → geodetic.
    public func geodetic(_ v: ENU) -> GeodeticPosition { ellipsoid.geodetic(ecef(v)) }

    @inline(__always)
    private func dot(_ a: ECEF, _ b: ECEF) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
}

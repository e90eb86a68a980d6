import Foundation

/// Earth-centred, earth-fixed Cartesian coordinates in metres.
public struct ECEF: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static func - (l: ECEF, r: ECEF) -> ECEF { ECEF(x: l.x - r.x, y: l.y - r.y, z: l.z - r.z) }
    public static func + (l: ECEF, r: ECEF) -> ECEF { ECEF(x: l.x + r.x, y: l.y + r.y, z: l.z + r.z) }

    /// Euclidean length of the vector.
    public var norm: Double { (x * x + y * y + z * z).squareRoot() }
}

/// A geodetic position: latitude and longitude in degrees, height above the ellipsoid in metres.
public struct GeodeticPosition: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    /// Height above the WGS84 ellipsoid (not above mean sea level).
    public var height: Double

    public init(latitude: Double, longitude: Double, height: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.height = height
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

extension Ellipsoid {
    /// Geodetic → ECEF, exact.
    public func ecef(_ p: GeodeticPosition) -> ECEF {
        let (sphi, cphi) = AngleMath.sinCos(degrees: p.latitude)
        let (slam, clam) = AngleMath.sinCos(degrees: p.longitude)
        let nu = equatorialRadius / (1 - eccentricitySquared * sphi * sphi).squareRoot()
        let r = (nu + p.height) * cphi
        return ECEF(x: r * clam, y: r * slam, z: (nu * (1 - eccentricitySquared) + p.height) * sphi)
    }

    /// ECEF → geodetic in closed form (Vermeille, J. Geodesy 85, 2011), accurate to
    /// nanometres for any point farther than ~50 km from the Earth's centre.
    public func geodetic(_ v: ECEF) -> GeodeticPosition {
        let a = equatorialRadius
        let e2 = eccentricitySquared
        let e4 = e2 * e2
        let rho2 = v.x * v.x + v.y * v.y
        let rho = rho2.squareRoot()
        let longitude = atan2(v.y, v.x) / AngleMath.degree
        let p = rho2 / (a * a)
        let q = (1 - e2) * v.z * v.z / (a * a)
        let r = (p + q - e4) / 6
        guard rho > 0 || v.z != 0 else {
            return GeodeticPosition(latitude: 0, longitude: longitude, height: -a)
        }
        let s = e4 * p * q / (4 * r * r * r)
        let t = cbrt(1 + s + (s * (2 + s)).squareRoot())
        let u = r * (1 + t + 1 / t)
        let vv = (u * u + e4 * q).squareRoot()
        let w = e2 * (u + vv - q) / (2 * vv)
        let k = (u + vv + w * w).squareRoot() - w
        let d = k * rho / (k + e2)
        let hyp = (d * d + v.z * v.z).squareRoot()
        let phi = 2 * atan2(v.z, d + hyp)
        let h = (k + e2 - 1) / k * hyp
        return GeodeticPosition(latitude: phi / AngleMath.degree, longitude: longitude, height: h)
    }
}

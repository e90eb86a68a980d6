import Foundation

/// Geodesics on an ellipsoid: the shortest path between two points (inverse
/// problem) and the point reached from a start, azimuth and distance (direct
/// problem).
///
/// The method is Karney's ("Algorithms for geodesics", 2013): series in the third
/// flattening to sixth order, a Newton iteration on the initial azimuth with a
/// bisection fallback, and an astroid-based starting guess for nearly antipodal
/// points, so every pair of points converges — unlike Vincenty's iteration, which
/// fails near the antipode. Accuracy is at the level of round-off (a few nanometres).
public struct Geodesic: Sendable {
    public let ellipsoid: Ellipsoid

    let a: Double
    let f: Double
    let f1: Double
    let e2: Double
    let ep2: Double
    let n: Double
    let b: Double
    let etol2: Double
    let a3x: SeriesCoefficients
    /// C3 coefficients, 15 values, laid out per term as in the series.
    let c3x: [Double]

    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0 * tol2
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

    public init(_ ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Geodesic.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        let order = GeodesicSeries.order
        let n = self.n
        var a3 = SeriesCoefficients()
        GeodesicSeries.a3Table.withUnsafeBufferPointer { p in
            var o = 0
            var k = 0
            for j in stride(from: order - 1, through: 0, by: -1) {
                let m = min(order - j - 1, j)
                a3[k] = GeodesicSeries.polynomial(p, o, degree: m, n) / p[o + m + 1]
                k += 1
                o += m + 2
            }
        }
        a3x = a3
        var c3: [Double] = []
        GeodesicSeries.c3Table.withUnsafeBufferPointer { p in
            var o = 0
            for l in 1..<order {
                for j in stride(from: order - 1, through: l, by: -1) {
                    let m = min(order - j - 1, j)
                    c3.append(GeodesicSeries.polynomial(p, o, degree: m, n) / p[o + m + 1])
                    o += m + 2
                }
            }
        }
        c3x = c3
    }

    /// The geodesic engine for the WGS84 ellipsoid.
    public static let wgs84 = Geodesic(.wgs84)

    @inline(__always)
    func a3(_ eps: Double) -> Double {
        var y = a3x[0]
        for k in 1..<GeodesicSeries.order { y = y * eps + a3x[k] }
        return y
    }

    @inline(__always)
    func c3(_ eps: Double, _ c: inout SeriesCoefficients) {
        c3x.withUnsafeBufferPointer { p in
            var mult = 1.0
            var o = 0
            for l in 1..<GeodesicSeries.order {
                let m = GeodesicSeries.order - l - 1
                mult *= eps
                c[l] = mult * GeodesicSeries.polynomial(p, o, degree: m, eps)
                o += m + 1
            }
        }
    }
}

/// The solution of the inverse problem between two points.
public struct GeodesicLine: Sendable, Equatable {
    /// Length of the geodesic in metres.
    public var distance: Double
    /// Azimuth at the first point, degrees clockwise from true north, in [−180°, 180°].
    public var initialAzimuth: Double
    /// Forward azimuth at the second point, in [−180°, 180°].
    public var finalAzimuth: Double
}

/// The solution of the direct problem.
public struct GeodesicDestination: Sendable, Equatable {
    public var coordinate: Coordinate
    /// Forward azimuth at the destination, in [−180°, 180°].
    public var finalAzimuth: Double
}

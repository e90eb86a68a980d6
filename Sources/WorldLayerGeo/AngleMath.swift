import Foundation

/// Degree-based trigonometry that is exact at multiples of 90° and keeps the
/// extra precision Karney's geodesic algorithms rely on.
enum AngleMath {
    static let degree = Double.pi / 180
    static let tiny = Double.leastNormalMagnitude.squareRoot()

    /// Error-free sum: returns `u + v` rounded, and the rounding error in `error`.
    @inline(__always)
    static func sum(_ u: Double, _ v: Double, error: inout Double) -> Double {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        error = s != 0 ? 0 - (up + vpp) : s
        return s
    }

    /// Reduces an angle to [−180°, 180°], keeping the sign of `x` at ±180°.
    @inline(__always)
    static func normalize(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// `y − x` reduced to [−180°, 180°], computed exactly, with the rounding error in `error`.
    static func difference(_ x: Double, _ y: Double, error: inout Double) -> Double {
        var t = 0.0
        var d = sum(remainder(-x, 360), remainder(y, 360), error: &t)
        d = sum(remainder(d, 360), t, error: &t)
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        error = t
        return d
    }

    /// Rounds tiny values so that very small angles behave as zero consistently.
    @inline(__always)
    static func round(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        let w = z - y
        y = w > 0 ? z - w : y
        return Double(signOf: x, magnitudeOf: y)
    }

    /// NaN for latitudes outside [−90°, 90°].
    @inline(__always)
    static func latitudeFix(_ x: Double) -> Double {
        abs(x) > 90 ? .nan : x
    }

    /// sin and cos of an angle in degrees, exact at multiples of 90°.
    @inline(__always)
    static func sinCos(degrees x: Double, correction t: Double = 0) -> (sin: Double, cos: Double) {
        let r0 = remainder(x, 90)
        // Reduce the quarter-turn count mod 4 first: huge angles must not overflow Int.
        let quadrant = x.isFinite ? Int(remainder(((x - r0) / 90).rounded(), 4)) & 3 : 0
        let r = (t == 0 ? r0 : AngleMath.round(r0 + t)) * degree
        let s = sin(r)
        let c = cos(r)
        var sinx: Double
        var cosx: Double
        switch quadrant {
        case 0: sinx = s; cosx = c
        case 1: sinx = c; cosx = -s
        case 2: sinx = -s; cosx = -c
        default: sinx = -c; cosx = s
        }
        cosx += 0
        if sinx == 0 { sinx = Double(signOf: x, magnitudeOf: 0) }
        return (sinx, cosx)
    }

    /// atan2 in degrees, exact in the cardinal directions.
    @inline(__always)
    static func atan2Degrees(_ y0: Double, _ x0: Double) -> Double {
        var x = x0
        var y = y0
        var q = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            q = 2
        }
        if x.sign == .minus {
            x = -x
            q += 1
        }
        var ang = atan2(y, x) / degree
        switch q {
        case 1: ang = Double(signOf: y, magnitudeOf: 180) - ang
        case 2: ang = 90 - ang
        case 3: ang = -90 + ang
        default: break
        }
        return ang
    }

    /// Normalizes (s, c) to a unit vector.
    @inline(__always)
    static func normalize(_ s: inout Double, _ c: inout Double) {
        let r = hypot(s, c)
        s /= r
        c /= r
    }
}

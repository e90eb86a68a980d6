import Foundation

extension Geodesic {
    /// Distance (scaled by b), reduced length (scaled by b) and geodesic scales
    /// along an arc of the auxiliary sphere; the heart of Karney's equations 38–41.
    struct Lengths {
        var s12b = 0.0
        var m12b = 0.0
        var m0 = 0.0
        var bigM12 = 0.0
        var bigM21 = 0.0
    }

    @inline(__always)
    func lengths(
        eps: Double, sig12: Double,
        ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double,
        cbet1: Double, cbet2: Double,
        distance: Bool, scale: Bool
    ) -> Lengths {
        var out = Lengths()
        var ca = SeriesCoefficients()
        var cb = SeriesCoefficients()
        let order = GeodesicSeries.order
        var a1 = GeodesicSeries.a1m1(eps)
        GeodesicSeries.c1(eps, &ca)
        var a2 = GeodesicSeries.a2m1(eps)
        GeodesicSeries.c2(eps, &cb)
        let m0x = a1 - a2
        a2 = 1 + a2
        a1 = 1 + a1
        var j12: Double
        if distance {
            let b1 =
                GeodesicSeries.sinCosSeries(sine: true, ssig2, csig2, ca, count: order)
                - GeodesicSeries.sinCosSeries(sine: true, ssig1, csig1, ca, count: order)
            out.s12b = a1 * (sig12 + b1)
            let b2 =
                GeodesicSeries.sinCosSeries(sine: true, ssig2, csig2, cb, count: order)
                - GeodesicSeries.sinCosSeries(sine: true, ssig1, csig1, cb, count: order)
            j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
        } else {
            for l in 1...order { cb[l] = a1 * ca[l] - a2 * cb[l] }
            j12 =
                m0x * sig12
                + (GeodesicSeries.sinCosSeries(sine: true, ssig2, csig2, cb, count: order)
                    - GeodesicSeries.sinCosSeries(sine: true, ssig1, csig1, cb, count: order))
        }
        out.m0 = m0x
        // Parentheses keep the cancellation exact for coincident points.
        out.m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        if scale {
            let csig12 = csig1 * csig2 + ssig1 * ssig2
            let t = ep2 * (cbet1 - cbet2) * (cbet1 + cbet2) / (dn1 + dn2)
            out.bigM12 = csig12 + (t * ssig2 - csig2 * j12) * ssig1 / dn1
            out.bigM21 = csig12 - (t * ssig1 - csig1 * j12) * ssig2 / dn2
        }
        return out
    }

    /// Solves the astroid equation for k, used to start Newton's method near the antipode.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}

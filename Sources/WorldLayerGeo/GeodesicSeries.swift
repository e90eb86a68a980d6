import Foundation

/// The series expansions of Karney, "Algorithms for geodesics" (J. Geodesy 87, 2013),
/// to sixth order in the third flattening, which makes the solution accurate to
/// round-off for the Earth's ellipsoid.
///
/// Coefficient tables list, for each term, the polynomial's coefficients from the
/// highest power down, followed by the common divisor.
enum GeodesicSeries {
    static let order = 6

    /// Evaluates p[0]·xᴺ + … + p[N] by Horner's rule.
    @inline(__always)
    static func polynomial(_ p: UnsafeBufferPointer<Double>, _ offset: Int, degree n: Int, _ x: Double) -> Double {
        var y = n < 0 ? 0 : p[offset]
        var i = offset
        var k = n
        while k > 0 {
            i += 1
            y = y * x + p[i]
            k -= 1
        }
        return y
    }

    private static let a1Table: [Double] = [1, 4, 64, 0, 256]
    private static let c1Table: [Double] = [
        -1, 6, -16, 32,
        -9, 64, -128, 2048,
        9, -16, 768,
        3, -5, 512,
        -7, 1280,
        -7, 2048,
    ]
    private static let c1pTable: [Double] = [
        205, -432, 768, 1536,
        4005, -4736, 3840, 12288,
        -225, 116, 384,
        -7173, 2695, 7680,
        3467, 7680,
        38081, 61440,
    ]
    private static let a2Table: [Double] = [-11, -28, -192, 0, 256]
    private static let c2Table: [Double] = [
        1, 2, 16, 32,
        35, 64, 384, 2048,
        15, 80, 768,
        7, 35, 512,
        63, 1280,
        77, 2048,
    ]
    static let a3Table: [Double] = [
        -3, 128,
        -2, -3, 64,
        -1, -3, -1, 16,
        3, -1, -2, 8,
        1, -1, 2,
        1, 1,
    ]
    static let c3Table: [Double] = [
        3, 128,
        2, 5, 128,
        -1, 3, 3, 64,
        -1, 0, 1, 8,
        -1, 1, 4,
        5, 256,
        1, 3, 128,
        -3, -2, 3, 64,
        1, -3, 2, 32,
        7, 512,
        -10, 9, 384,
        5, -9, 5, 192,
        7, 512,
        -14, 7, 512,
        21, 2560,
    ]

    /// A1 − 1, the scale of distance along the auxiliary sphere.
    @inline(__always)
    static func a1m1(_ eps: Double) -> Double {
        a1Table.withUnsafeBufferPointer { p in
            let m = order / 2
            let t = polynomial(p, 0, degree: m, eps * eps) / p[m + 1]
            return (t + eps) / (1 - eps)
        }
    }

    /// A2 − 1, used for the reduced length.
    @inline(__always)
    static func a2m1(_ eps: Double) -> Double {
        a2Table.withUnsafeBufferPointer { p in
            let m = order / 2
            let t = polynomial(p, 0, degree: m, eps * eps) / p[m + 1]
            return (t - eps) / (1 + eps)
        }
    }

    /// Fills c[1...order] with coefficients that are polynomials in eps² times epsˡ.
    @inline(__always)
    private static func evenSeries(_ table: [Double], _ eps: Double, _ c: inout SeriesCoefficients) {
        table.withUnsafeBufferPointer { p in
            let eps2 = eps * eps
            var d = eps
            var o = 0
            for l in 1...order {
                let m = (order - l) / 2
                c[l] = d * polynomial(p, o, degree: m, eps2) / p[o + m + 1]
                o += m + 2
                d *= eps
            }
        }
    }

    static func c1(_ eps: Double, _ c: inout SeriesCoefficients) { evenSeries(c1Table, eps, &c) }
    static func c1p(_ eps: Double, _ c: inout SeriesCoefficients) { evenSeries(c1pTable, eps, &c) }
    static func c2(_ eps: Double, _ c: inout SeriesCoefficients) { evenSeries(c2Table, eps, &c) }

    /// Clenshaw summation of Σ c[k]·sin(2kx) (when `sine`) or Σ c[k]·cos((2k+1)x).
    @inline(__always)
    static func sinCosSeries(sine: Bool, _ sinx: Double, _ cosx: Double, _ c: SeriesCoefficients, count n0: Int) -> Double {
        var index = n0 + (sine ? 1 : 0)
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0
        var y1 = 0.0
        var n = n0
        if n & 1 == 1 {
            index -= 1
            y0 = c[index]
        }
        n /= 2
        while n > 0 {
            index -= 1
            y1 = ar * y0 - y1 + c[index]
            index -= 1
            y0 = ar * y1 - y0 + c[index]
            n -= 1
        }
        return sine ? 2 * sinx * cosx * y0 : cosx * (y0 - y1)
    }
}

/// A fixed-size coefficient array (indices 0...6) kept on the stack.
struct SeriesCoefficients {
    private var storage: (Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0)

    @inline(__always)
    subscript(_ i: Int) -> Double {
        get {
            switch i {
            case 0: storage.0
            case 1: storage.1
            case 2: storage.2
            case 3: storage.3
            case 4: storage.4
            case 5: storage.5
            default: storage.6
            }
        }
        set {
            switch i {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            case 3: storage.3 = newValue
            case 4: storage.4 = newValue
            case 5: storage.5 = newValue
            default: storage.6 = newValue
            }
        }
    }
}

import Foundation

extension Geodesic {
    /// The shortest geodesic between two points.
    ///
    /// Converges for every pair of points, including nearly antipodal ones.
    /// Latitudes outside [−90°, 90°] give NaN results.
    public func inverse(_ p1: Coordinate, _ p2: Coordinate) -> GeodesicLine {
        inverse(latitude1: p1.latitude, longitude1: p1.longitude, latitude2: p2.latitude, longitude2: p2.longitude)
    }

    public func inverse(latitude1 lat1In: Double, longitude1 lon1: Double, latitude2 lat2In: Double, longitude2 lon2: Double)
        -> GeodesicLine
    {
        let degree = AngleMath.degree
        let tiny = AngleMath.tiny
        var lon12s = 0.0
        var lon12 = AngleMath.difference(lon1, lon2, error: &lon12s)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * degree
        let (slam12, clam12) = AngleMath.sinCos(degrees: lon12, correction: lon12s)
        lon12s = (180 - lon12) - lon12s

        var lat1 = AngleMath.round(AngleMath.latitudeFix(lat1In))
        var lat2 = AngleMath.round(AngleMath.latitudeFix(lat2In))
        let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = AngleMath.sinCos(degrees: lat1)
        sbet1 *= f1
        AngleMath.normalize(&sbet1, &cbet1)
        cbet1 = max(tiny, cbet1)
        var (sbet2, cbet2) = AngleMath.sinCos(degrees: lat2)
        sbet2 *= f1
        AngleMath.normalize(&sbet2, &cbet2)
        cbet2 = max(tiny, cbet2)

        // Force |bet2| = |bet1| exactly when the difference vanishes, so Lambda12 sees the symmetry.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var s12x = 0.0
        var sig12 = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var meridian = lat1 == -90 || slam12 == 0

        if meridian {
            // Both ends on one meridian: the geodesic may run along it.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2, cbet1: cbet1, cbet2: cbet2,
                distance: true, scale: false)
            s12x = l.s12b
            let m12x = l.m12b
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * tiny || (sig12 < Geodesic.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    s12x = 0
                }
                s12x *= b
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            sig12 = start.sig12
            salp1 = start.salp1
            calp1 = start.calp1
            if sig12 >= 0 {
                // Short line solved directly on a sphere of the mean radius.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = sig12 * b * start.dnm
            } else {
                var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0, eps = 0.0
                var salp1a = tiny, calp1a = 1.0, salp1b = tiny, calp1b = -1.0
                var tripn = false
                var tripb = false
                var numit = 0
                while true {
                    let lambda = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                        salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                        derivative: numit < Geodesic.maxit1)
                    let v = lambda.lam12
                    let dv = lambda.dlam12
                    salp2 = lambda.salp2
                    calp2 = lambda.calp2
                    sig12 = lambda.sig12
                    ssig1 = lambda.ssig1
                    csig1 = lambda.csig1
                    ssig2 = lambda.ssig2
                    csig2 = lambda.csig2
                    eps = lambda.eps
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Geodesic.tol0) || numit == Geodesic.maxit2 {
                        break
                    }
                    // Keep a bracket around the root.
                    if v > 0 && (numit > Geodesic.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > Geodesic.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit - 1 < Geodesic.maxit1 && dv > 0 {
                        let dalp1 = -v / dv
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                AngleMath.normalize(&salp1, &calp1)
                                tripn = abs(v) <= 16 * Geodesic.tol0
                                continue
                            }
                        }
                    }
                    // Newton stepped outside the bracket: bisect instead.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    AngleMath.normalize(&salp1, &calp1)
                    tripn = false
                    tripb =
                        abs(salp1a - salp1) + (calp1a - calp1) < Geodesic.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < Geodesic.tolb
                }
                let l = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                    ssig2: ssig2, csig2: csig2, dn2: dn2, cbet1: cbet1, cbet2: cbet2,
                    distance: true, scale: false)
                s12x = l.s12b * b
            }
        }

        let s12 = 0 + s12x
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return GeodesicLine(
            distance: s12,
            initialAzimuth: AngleMath.atan2Degrees(salp1, calp1),
            finalAzimuth: AngleMath.atan2Degrees(salp2, calp2))
    }

    struct InverseStartResult {
        var sig12 = -1.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var dnm = 0.0
    }

    /// A starting azimuth for Newton's method; for short lines, the solution itself (sig12 ≥ 0).
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> InverseStartResult {
        var r = InverseStartResult()
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            r.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * r.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        r.salp1 = cbet2 * somg12
        r.calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(r.salp1, r.calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            r.salp2 = cbet1 * somg12
            r.calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            AngleMath.normalize(&r.salp2, &r.calp2)
            r.sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // The spherical estimate is good enough.
        } else {
            // Nearly antipodal: scale to the astroid's coordinates (f > 0 only).
            let lam12x = atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Geodesic.tol1 && x > -1 - Geodesic.xthresh {
                r.salp1 = min(1, -x)
                r.calp1 = -(1 - r.salp1 * r.salp1).squareRoot()
            } else {
                let k = Geodesic.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                r.salp1 = cbet2 * somg12
                r.calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(r.salp1 <= 0) {
            AngleMath.normalize(&r.salp1, &r.calp1)
        } else {
            r.salp1 = 1
            r.calp1 = 0
        }
        return r
    }

    struct Lambda12Result {
        var lam12 = 0.0
        var salp2 = 0.0, calp2 = 0.0
        var sig12 = 0.0
        var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
        var eps = 0.0
        var dlam12 = 0.0
    }

    /// The longitude difference reached by leaving point 1 at azimuth alp1, minus the target,
    /// and its derivative with respect to alp1.
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, derivative: Bool
    ) -> Lambda12Result {
        var r = Lambda12Result()
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 {
            // Break the degeneracy of the equatorial line.
            calp1 = -AngleMath.tiny
        }
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        r.ssig1 = sbet1
        let somg1 = salp0 * sbet1
        r.csig1 = calp1 * cbet1
        let comg1 = r.csig1
        AngleMath.normalize(&r.ssig1, &r.csig1)

        r.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        r.calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? ((calp1 * cbet1) * (calp1 * cbet1)
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        r.ssig2 = sbet2
        let somg2 = salp0 * sbet2
        r.csig2 = r.calp2 * cbet2
        let comg2 = r.csig2
        AngleMath.normalize(&r.ssig2, &r.csig2)

        r.sig12 = atan2(max(0, r.csig1 * r.ssig2 - r.ssig1 * r.csig2) + 0, r.csig1 * r.csig2 + r.ssig1 * r.ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        r.eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        var ca = SeriesCoefficients()
        c3(r.eps, &ca)
        let b312 =
            GeodesicSeries.sinCosSeries(sine: true, r.ssig2, r.csig2, ca, count: GeodesicSeries.order - 1)
            - GeodesicSeries.sinCosSeries(sine: true, r.ssig1, r.csig1, ca, count: GeodesicSeries.order - 1)
        let domg12 = -f * a3(r.eps) * salp0 * (r.sig12 + b312)
        r.lam12 = eta + domg12
        if derivative {
            if r.calp2 == 0 {
                r.dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let l = lengths(
                    eps: r.eps, sig12: r.sig12, ssig1: r.ssig1, csig1: r.csig1, dn1: dn1,
                    ssig2: r.ssig2, csig2: r.csig2, dn2: dn2, cbet1: cbet1, cbet2: cbet2,
                    distance: false, scale: false)
                r.dlam12 = l.m12b * f1 / (r.calp2 * cbet2)
            }
        }
        return r
    }
}

import Foundation

extension Geodesic {
    /// The point reached by travelling `distance` metres from `start` along the
    /// geodesic that leaves it at `azimuth` degrees clockwise from true north.
    public func direct(from start: Coordinate, azimuth: Double, distance: Double) -> GeodesicDestination {
        let degree = AngleMath.degree
        let tiny = AngleMath.tiny
        let order = GeodesicSeries.order
        let lat1 = AngleMath.latitudeFix(start.latitude)
        let lon1 = start.longitude
        let azi1 = AngleMath.normalize(azimuth)
        let (salp1, calp1) = AngleMath.sinCos(degrees: AngleMath.round(azi1))

        var (sbet1, cbet1) = AngleMath.sinCos(degrees: AngleMath.round(lat1))
        sbet1 *= f1
        AngleMath.normalize(&sbet1, &cbet1)
        cbet1 = max(tiny, cbet1)
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let comg1 = csig1
        AngleMath.normalize(&ssig1, &csig1)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)

        let a1m1 = GeodesicSeries.a1m1(eps)
        var c1a = SeriesCoefficients()
        GeodesicSeries.c1(eps, &c1a)
        let b11 = GeodesicSeries.sinCosSeries(sine: true, ssig1, csig1, c1a, count: order)
        let sb11 = sin(b11), cb11 = cos(b11)
        let stau1 = ssig1 * cb11 + csig1 * sb11
        let ctau1 = csig1 * cb11 - ssig1 * sb11
        var c1pa = SeriesCoefficients()
        GeodesicSeries.c1p(eps, &c1pa)
        var c3a = SeriesCoefficients()
        c3(eps, &c3a)
        let a3c = -f * salp0 * a3(eps)
        let b31 = GeodesicSeries.sinCosSeries(sine: true, ssig1, csig1, c3a, count: order - 1)

        // Distance → arc length on the auxiliary sphere, through the reverted series.
        let tau12 = distance / (b * (1 + a1m1))
        let st = sin(tau12), ct = cos(tau12)
        let b12 = -GeodesicSeries.sinCosSeries(
            sine: true, stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st, c1pa, count: order)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12), csig12 = cos(sig12)

        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            cbet2 = tiny
            csig2 = tiny
        }
        let salp2 = salp0
        let calp2 = calp0 * csig2

        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (GeodesicSeries.sinCosSeries(sine: true, ssig2, csig2, c3a, count: order - 1) - b31))
        let lon12 = lam12 / degree
        let lon2 = AngleMath.normalize(AngleMath.normalize(lon1) + AngleMath.normalize(lon12))
        let lat2 = AngleMath.atan2Degrees(sbet2, f1 * cbet2)
        return GeodesicDestination(
            coordinate: Coordinate(latitude: lat2, longitude: lon2),
            finalAzimuth: AngleMath.atan2Degrees(salp2, calp2))
    }
}

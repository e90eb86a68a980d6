import Foundation

/// Why a cover could not be computed.
public struct CellCoverError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}

extension CellGrid {
    /// The largest disc `cover` accepts, in metres; about 12,000 cells at most.
    public static let maximumCoverRadius = 5_000.0

    /// Exactly the cells that intersect the geodesic disc of `radius` metres around `center`.
    ///
    /// Candidate cells come from a conservative latitude/longitude box; each is kept only
    /// if its nearest point lies within the radius, measured as a geodesic.
    public static func cover(center: Coordinate, radius: Double, geodesic: Geodesic = .wgs84) throws(CellCoverError) -> [CellID] {
        guard center.isValid else { throw CellCoverError(description: "centre must be a valid latitude and longitude") }
        guard radius.isFinite, radius >= 0 else { throw CellCoverError(description: "radius must be a finite number of metres ≥ 0") }
        guard radius <= maximumCoverRadius else {
            throw CellCoverError(description: "radius must be at most \(Int(maximumCoverRadius)) m")
        }
        let lat = center.latitude
        let lon = AngleMath.normalize(center.longitude)
        let c = Coordinate(latitude: lat, longitude: lon)

        // The smallest radius of curvature (the meridian's, at the equator).
        let minimumRadius = geodesic.ellipsoid.equatorialRadius * (1 - geodesic.ellipsoid.eccentricitySquared)
        // Meridians are geodesics, so the disc's extreme latitudes lie due north and south. A pole
        // farther in latitude than the radius spans at the smallest curvature is out of reach,
        // which spares the two longest geodesics of a small cover.
        func reaches(pole: Double) -> Bool {
            minimumRadius * abs(pole - lat) * AngleMath.degree <= radius
                && geodesic.inverse(latitude1: lat, longitude1: lon, latitude2: pole, longitude2: lon).distance <= radius
        }
        let (reachesNorthPole, reachesSouthPole) = (reaches(pole: 90), reaches(pole: -90))
        let containsPole = reachesNorthPole || reachesSouthPole
        let north = reachesNorthPole ? 90 : geodesic.direct(from: c, azimuth: 0, distance: radius).coordinate.latitude
        let south = reachesSouthPole ? -90 : geodesic.direct(from: c, azimuth: 180, distance: radius).coordinate.latitude

        // Half-width in longitude, from a sphere of the smallest radius of curvature, widened.
        let farthest = max(abs(north), abs(south))
        let ratio = sin(min(.pi / 2, radius / minimumRadius)) / cos(farthest * AngleMath.degree)
        let halfWidth = containsPole || !(ratio < 0.99) ? 180 : asin(ratio) / AngleMath.degree * 1.01

        var cells: [CellID] = []
        let frame = LocalFrame(origin: GeodeticPosition(latitude: lat, longitude: lon, height: 0), ellipsoid: geodesic.ellipsoid)
        for r in row(latitude: south)...row(latitude: north) {
            let n = columnCount(row: r)
            let columns: [Int]
            let width = 360 / Double(n)
            if halfWidth >= 180 || Int(2 * halfWidth / width) + 3 >= n {
                columns = Array(0..<n)
            } else {
                let first = column(longitude: lon - halfWidth, columns: n)
                let count = Int(((2 * halfWidth) / width).rounded(.up)) + 2
                columns = (0..<count).map { (first + $0) % n }
            }
            // Every point of a cell of this band lies within `reach` of the cell's centre,
            // so most candidates are settled by one geodesic to their centre.
            let sample = bounds(of: CellID(row: r, column: 0))
            let middle = sample.center
            let reach =
                max(
                    geodesic.inverse(
                        latitude1: middle.latitude, longitude1: middle.longitude, latitude2: sample.south, longitude2: sample.west
                    ).distance,
                    geodesic.inverse(
                        latitude1: middle.latitude, longitude1: middle.longitude, latitude2: sample.north, longitude2: sample.west
                    ).distance
                ) * 1.001 + 0.01
            for col in columns {
                let id = CellID(row: r, column: col)
                let b = bounds(of: id)
                // The straight chord never exceeds the geodesic, and within 10 km falls short of
                // it by less than one part in 10⁷: settle clear cases without solving a geodesic.
                let chord = frame.enu(GeodeticPosition(latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2, height: 0)).norm
                if chord * (1 + 1e-6) + 1e-6 <= radius {
                    cells.append(id)
                    continue
                }
                if chord - reach > radius { continue }
                let toCentre = geodesic.inverse(
                    latitude1: lat, longitude1: lon, latitude2: (b.south + b.north) / 2, longitude2: (b.west + b.east) / 2
                ).distance
                if toCentre <= radius {
                    cells.append(id)
                } else if toCentre - reach <= radius, distance(from: c, to: b, geodesic: geodesic, within: radius) <= radius {
                    cells.append(id)
                }
            }
        }
        return cells
    }

    /// Geodesic distance from a point to the nearest point of a cell, or any value greater
    /// than `limit` once it is known to exceed it.
    public static func distance(from p: Coordinate, to b: CellBounds, geodesic: Geodesic = .wgs84, within limit: Double = .infinity)
        -> Double
    {
        let west = AngleMath.normalize(p.longitude - b.west)  // how far east of the west edge
        let width = b.east - b.west
        let insideLongitudes = west >= 0 && west <= width
        if insideLongitudes {
            if p.latitude >= b.south && p.latitude <= b.north { return 0 }
            // The nearest point of a parallel lies on the point's own meridian.
            let edge = p.latitude > b.north ? b.north : b.south
            return geodesic.inverse(latitude1: p.latitude, longitude1: p.longitude, latitude2: edge, longitude2: p.longitude).distance
        }
        // Otherwise the nearest point lies on the nearer meridian edge.
        let edgeLongitude =
            abs(AngleMath.normalize(p.longitude - b.west)) <= abs(AngleMath.normalize(p.longitude - b.east)) ? b.west : b.east
        let toSouth = geodesic.inverse(latitude1: p.latitude, longitude1: p.longitude, latitude2: b.south, longitude2: edgeLongitude)
        let toNorth = geodesic.inverse(latitude1: p.latitude, longitude1: p.longitude, latitude2: b.north, longitude2: edgeLongitude)
        let corner = min(toSouth.distance, toNorth.distance)
        // Distance grows northward along the edge where the geodesic arrives heading north.
        let growsAtSouth = cos(toSouth.finalAzimuth * AngleMath.degree) >= 0
        let shrinksAtNorth = cos(toNorth.finalAzimuth * AngleMath.degree) <= 0
        if growsAtSouth || shrinksAtNorth || corner <= limit { return corner }
        // Every point of the edge is within its length of both corners.
        let edgeLength = geodesic.inverse(latitude1: b.south, longitude1: edgeLongitude, latitude2: b.north, longitude2: edgeLongitude)
            .distance
        if (toSouth.distance + toNorth.distance - edgeLength) / 2 > limit { return (toSouth.distance + toNorth.distance - edgeLength) / 2 }
        // The foot of the perpendicular is inside the edge: find where the arrival azimuth is due east or west.
        var lo = b.south
        var hi = b.north
        var best = corner
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            let line = geodesic.inverse(latitude1: p.latitude, longitude1: p.longitude, latitude2: mid, longitude2: edgeLongitude)
            best = min(best, line.distance)
            if cos(line.finalAzimuth * AngleMath.degree) >= 0 { hi = mid } else { lo = mid }
            if hi - lo < 1e-11 { break }
        }
        return best
    }
}

import Foundation

/// A latitude/longitude rectangle in degrees.
public struct CellBounds: Sendable, Hashable, Codable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public var center: Coordinate {
        Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
    }
}

/// The global grid of ~100 m × 100 m cells ("worldmaps").
///
/// Rows are latitude bands 0.0009° high (about 100 m everywhere). Each band is cut
/// into as many equal columns as make cells of about 10,000 m² — the count is the
/// band's exact ellipsoidal area divided by 10,000 m², rounded — so cells keep
/// their size from the equator to within a few hundred metres of the poles, where
/// a fixed 0.001° snap shrinks to nothing.
public enum CellGrid {
    public static let rowHeight = 0.0009
    public static let rowCount = 200_000
    public static let targetArea = 10_000.0

    /// Number of cells in a latitude band.
    @inline(__always)
    public static func columnCount(row: Int) -> Int {
        Int(columnCounts[row])
    }

    /// Every band's column count, computed once (200,000 bands, ~10 ms): the count is
    /// needed for every point → cell, and the exact band area costs two `atanh` calls.
    private static let columnCounts: [UInt32] = (0..<rowCount).map { row in
        UInt32(max(1, Int((bandArea(row: row) / targetArea).rounded())))
    }

    /// Exact area in m² of the band between a row's bounding parallels.
    public static func bandArea(row: Int) -> Double {
        let south = -90 + Double(row) * rowHeight
        let north = min(90, south + rowHeight)
        return zoneArea(toLatitude: north) - zoneArea(toLatitude: south)
    }

    /// Area of the ellipsoid between the equator and a parallel (negative south of it).
    static func zoneArea(toLatitude latitude: Double) -> Double {
        let e = Ellipsoid.wgs84
        let ecc = e.eccentricitySquared.squareRoot()
        let s = AngleMath.sinCos(degrees: latitude).sin
        let b = e.polarRadius
        return .pi * b * b * (s / (1 - e.eccentricitySquared * s * s) + atanh(ecc * s) / ecc)
    }

    /// The area of one cell in m².
    public static func area(of id: CellID) -> Double {
        bandArea(row: id.row) / Double(columnCount(row: id.row))
    }

    static func row(latitude: Double) -> Int {
        min(rowCount - 1, max(0, Int(((latitude + 90) / rowHeight).rounded(.down))))
    }

    static func column(longitude: Double, columns: Int) -> Int {
        let lon = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return min(columns - 1, max(0, Int(((lon + 180) / 360 * Double(columns)).rounded(.down))))
    }

    /// The cell a point falls in. Longitudes wrap; latitudes must lie in [−90°, 90°].
    public static func cell(containing p: Coordinate) -> CellID {
        let r = row(latitude: p.latitude)
        return CellID(row: r, column: column(longitude: p.longitude, columns: columnCount(row: r)))
    }

    /// The cell's bounding parallels and meridians.
    public static func bounds(of id: CellID) -> CellBounds {
        let south = -90 + Double(id.row) * rowHeight
        let n = Double(columnCount(row: id.row))
        return CellBounds(
            south: south,
            west: -180 + Double(id.column) * 360 / n,
            north: min(90, south + rowHeight),
            east: -180 + Double(id.column + 1) * 360 / n)
    }

    /// The cell's centre.
    public static func center(of id: CellID) -> Coordinate { bounds(of: id).center }

    /// The cells that touch a cell along an edge or at a corner: its left and right
    /// neighbours in its band and the two or three cells of each adjacent band that
    /// span its longitudes — eight where the bands line up. Wraps across the
    /// antimeridian; the bands at the poles have no band beyond them.
    public static func neighbours(of id: CellID) -> [CellID] {
        let b = bounds(of: id)
        let n = columnCount(row: id.row)
        var result: [CellID] = []
        func add(_ c: CellID) {
            if c != id && !result.contains(c) { result.append(c) }
        }
        add(CellID(row: id.row, column: (id.column + n - 1) % n))
        add(CellID(row: id.row, column: (id.column + 1) % n))
        let outside = 1e-9  // degrees: just past the corners
        for r in [id.row - 1, id.row + 1] where r >= 0 && r < rowCount {
            let m = columnCount(row: r)
            let first = column(longitude: b.west - outside, columns: m)
            let last = column(longitude: b.east + outside, columns: m)
            let span = (last - first + m) % m
            for k in 0...span { add(CellID(row: r, column: (first + k) % m)) }
        }
        return result
    }
}

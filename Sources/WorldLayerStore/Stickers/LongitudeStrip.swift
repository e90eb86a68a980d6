import Foundation

/// Narrow north–south strips of the globe (0.0001° of longitude: 11 m at the equator, 5.6 m
/// in Helsinki) that key the spatial index after the cell.
///
/// A cell is ~100 m wide, so an index ordered by (cell, latitude) makes a small circle scan
/// a band the whole width of its cells; with (cell, strip, latitude) it scans only the strips
/// the circle touches. Migration 3 computes the same value in SQL: keep the two formulas alike
/// (floor of (longitude + 180) / 0.0001 in double precision), or a range would miss rows.
public enum LongitudeStrip {
    static let width = 0.0001
    /// Past this many strips a query drops the strip filter: a probe per (cell, strip) pair
    /// costs more than scanning the cells' latitude bands whole.
    static let maximumPerQuery = 48

    public static func of(longitude: Double) -> Int64 {
        Int64(((longitude + 180) / width).rounded(.down))
    }

    /// The SQL expression that migration 3 uses to fill existing rows.
    static let sqlite = "CAST((longitude + 180.0) / 0.0001 AS INTEGER)"
    static let postgres = "floor((longitude + 180.0) / 0.0001)::bigint"

    /// The strips a longitude range spans, when few enough to be worth listing.
    static func covering(_ longitudes: ClosedRange<Double>) -> [Int64]? {
        let first = of(longitude: longitudes.lowerBound), last = of(longitude: longitudes.upperBound)
        guard last - first < Int64(maximumPerQuery) else { return nil }
        return Array(first...last)
    }
}

import Foundation
import SQLiteNIO
import WorldLayerCore
import WorldLayerGeo

/// One step of a nearby search on SQLite in one statement, as ``NearbyVisibleStatement`` is on
/// PostgreSQL: the visibility rule runs in SQL on the spot index's entries, and only the nearest
/// `cap` rows by flat distance come back with their bodies, read as SQLite's own rows.
///
/// It replaced reading every row of the box with its body (a dozen rows to a page), scanning each
/// body for the rule's fields and measuring each row's geodesic in Swift, after a statement of its
/// own for the viewer's relations: about half the rows a step read never made the page, and SQLKit's
/// rows decode through `Decodable`. p50 1.9 → 1.3 ms on the 1 M-sticker bench store.
struct NearbyVisibleSQLite {
    var sql: String
    var binds: [SQLiteData]
    var cap: Int
    /// The box's latitudes: what a full step's count is estimated over (``VisiblePage``).
    var latitudes: ClosedRange<Double>
    /// The flat distance rows start at (after a cursor; else 0).
    var nearest: Double

    /// The step for `cells` within `box`, or nil for a box it cannot take (one without longitudes,
    /// near a pole or the antimeridian, or too wide for strips).
    init?(
        cells: [CellID], box: NearbySearch.SearchBox, center: Coordinate, viewer: Account.ID?, now: Date, after cursor: NearbyCursor?,
        cap: Int
    ) {
        guard let longitudes = box.longitudes, let strips = LongitudeStrip.covering(longitudes) else { return nil }
        let flat = ApproximateDistance(center: center)
        nearest = cursor.map { ApproximateDistance.surelyBefore($0.distance) } ?? 0
        binds = [
            .text(viewer?.text ?? "-"), .integer(SQLiteInt64(millis(now))), .text(Viewer.adultBirthdayCutoff(now: now)),
            .float(box.latitudes.lowerBound), .float(box.latitudes.upperBound), .float(longitudes.lowerBound),
            .float(longitudes.upperBound),
            .float(center.latitude), .float(center.longitude), .float(flat.metresPerDegreeLatitude), .float(flat.metresPerDegreeLongitude),
            .float(nearest * nearest),
        ]
        // Each (cell, strip) pair, numbered after the fixed parameters.
        var pairs: [String] = []
        for cell in cells {
            for strip in strips {
                pairs.append("(?\(binds.count + 1), ?\(binds.count + 2))")
                binds += [.integer(SQLiteInt64(Int64(bitPattern: cell.rawValue))), .integer(SQLiteInt64(strip))]
            }
        }
        self.cap = cap
        latitudes = box.latitudes
        // Judged and measured on the spot index alone (migration 22), which the rule's `state <> 'deleted'`
        // lets it use; the squared flat distance, as SQLite has no sqrt unless built with math functions.
        // Bodies are joined to the nearest rows only, by the table's key. The limit is an Int written into
        // the text: a bound one makes SQLite prepare the statement twice.
        sql = """
            SELECT v.id, v.version, v.latitude, v.longitude, b.body, v.d2 FROM (
              SELECT * FROM (
                SELECT s.place_key, s.id, s.version, s.latitude, s.longitude,
                  (s.latitude - ?8) * ?10 * (s.latitude - ?8) * ?10 + (s.longitude - ?9) * ?11 * (s.longitude - ?9) * ?11 AS d2
                FROM (VALUES \(pairs.joined(separator: ", "))) k CROSS JOIN stickers s INDEXED BY stickers_by_spot
                WHERE s.cell = k.column1 AND s.strip = k.column2 AND s.latitude BETWEEN ?4 AND ?5 AND s.longitude BETWEEN ?6 AND ?7
                  AND \(NearbyVisibleStatement.visibleRule(
                      viewer: "?1", now: "?2", adultCutoff: "?3", shares: NearbySearch.sqliteSharesByViewer,
                      relations: .tables))
              ) WHERE d2 >= ?12 ORDER BY d2 LIMIT \(cap)
            ) v CROSS JOIN stickers b ON b.place_key = v.place_key
            ORDER BY v.d2
            """
    }

    /// Runs the step on `connection`.
    func run(on connection: SQLiteConnection) async throws -> VisiblePage {
        var rows: [NearbySearch.Candidate] = []
        var farthest = 0.0
        for row in try await connection.query(sql, binds) {
            let columns = row.columns
            guard columns.count == 6, let idText = columns[0].data.string, let id = UUID(storedText: idText),
                let version = columns[1].data.integer, let latitude = columns[2].data.double, let longitude = columns[3].data.double,
                let body = columns[4].data.string, let d2 = columns[5].data.double
            else { throw StoreError.corrupt("a sticker row the nearby search read is incomplete: \(row)") }
            rows.append(
                NearbySearch.Candidate(
                    id: Sticker.ID(id), idText: idText, version: Int(version),
                    coordinate: Coordinate(latitude: latitude, longitude: longitude),
                    audience: nil, body: body))
            farthest = d2.squareRoot()
        }
        return VisiblePage(rows: rows, cap: cap, nearest: nearest, farthest: farthest, latitudes: latitudes)
    }
}

import Foundation
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteNIO
import WorldLayerCLI
import WorldLayerGeo
import WorldLayerStore

/// The peers of `bench nearby`: the same question, answered as an expert of each engine would.
enum PostGISNearby {
    /// The query a PostGIS user would write for "nearest first", returning the stickers' bodies: the GiST index's KNN order
    /// (`<->` against the point, so the planner walks the index in distance order and applies the
    /// visibility rule to each row it meets), a limit, then the radius and exact spheroid distances
    /// on those few rows. Putting `ST_DWithin` inside lets the planner collect everything within the
    /// radius first, which at 1 km in a dense city is far slower; taking the point from a joined
    /// subquery hides it from the index and sorts the whole table. Prepared once per connection,
    /// as WorldLayer's own statement is.
    struct Statement: PostgresPreparedStatement {
        static let sql = """
            SELECT id::text, d, body FROM (
              SELECT s.id, s.body, ST_Distance(s.geog, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, true) AS d FROM bench_stickers s
              WHERE s.visibility = 'public' OR s.author = $4
                 OR (s.visibility = 'shared' AND EXISTS (SELECT 1 FROM bench_shares h WHERE h.sticker_id = s.id AND h.account = $4))
              ORDER BY s.geog <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography LIMIT 100) x
            WHERE d <= $3
            ORDER BY d, id::text LIMIT 50
            """
        typealias Row = (id: String, distance: Double, body: String)
        var query: BenchQuery

        func makeBindings() -> PostgresBindings {
            var b = PostgresBindings()
            b.append(query.longitude)
            b.append(query.latitude)
            b.append(query.radius)
            b.append(Int32(query.viewer))
            return b
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((String, Double, String).self) }
    }

    /// PostgreSQL's account of how it ran the statement for `q`: `EXPLAIN (ANALYZE, BUFFERS)`, for the report.
    static func explain(_ q: BenchQuery, store: Store) async throws -> String {
        try await store.withConnection(native: { _, native in
            guard let postgres = native.postgres else { throw CommandFailure("--engine postgis needs a PostgreSQL --database") }
            let query = PostgresQuery(unsafeSQL: "EXPLAIN (ANALYZE, BUFFERS) " + Statement.sql, binds: Statement(query: q).makeBindings())
            var lines: [String] = []
            for try await row in try await postgres.query(query, logger: postgres.logger) { lines.append(try row.decode(String.self)) }
            return lines.joined(separator: "\n")
        })
    }

    static func query(_ q: BenchQuery, store: Store) async throws -> [String] {
        try await store.withConnection(native: { _, native in
            guard let postgres = native.postgres else { throw CommandFailure("--engine postgis needs a PostgreSQL --database") }
            var found: [String] = []
            for try await row in try await postgres.execute(Statement(query: q), logger: postgres.logger) {
                // The stickers come back whole, as WorldLayer's do; the harness holds each body.
                _ = row.body.utf8.count
                found.append(AnswerLine.line(row.id, row.distance))
            }
            return found
        })
    }
}

/// SQLite's own spatial index, as a SQLite user would use it (bench/nearby_rtree.py builds the file):
/// an R*Tree of boxes, rows in a plain table in place order, bodies in a third, read on a connection
/// of the client's own (as WorldLayer's search reads on its own readers). SQLite has no nearest-first
/// search, so the client starts from a box sized by the density the last search here met
/// (``NearbyPeerHints``, as WorldLayer's search does), and grows it by the density it finds until 50
/// visible rows lie within it or it reaches the radius. Rows are ranked by a flat distance, the exact
/// one (WorldLayer's geodesic, as PostGIS uses the spheroid) only for those that may make the page;
/// then the 50 bodies by rowid. Rows are read as SQLite's own (no `Decodable`), as WorldLayer's search
/// reads them.
enum RTreeNearby {
    typealias Row = (key: Int, id: String, flat: Double, at: Coordinate)

    static func query(_ q: BenchQuery, on db: SQLiteConnection, hints: NearbyPeerHints) async throws -> [String] {
        let center = Coordinate(latitude: q.latitude, longitude: q.longitude)
        let phi = q.latitude * .pi / 180
        let perDegree = (
            latitude: Ellipsoid.wgs84.meridionalRadius(latitudeRadians: phi) * .pi / 180,
            longitude: Ellipsoid.wgs84.primeVerticalRadius(latitudeRadians: phi) * cos(phi) * .pi / 180
        )
        var reach = hints.firstReach(around: center, radius: q.radius)
        while true {
            let rows = try await visibleRows(within: reach, of: q, perDegree: perDegree, on: db)
            hints.record(rows: rows.count, reach: reach, around: center)
            // The flat distance is within 0.5 % of the geodesic this close: rows beyond the 50th's
            // flat distance by more than that cannot make the page.
            let cutoff = rows.count > 50 ? rows[49].flat * 1.01 + 0.01 : .infinity
            let page = rows.prefix { $0.flat <= cutoff }.map { ($0.key, $0.id, Geodesic.wgs84.inverse(center, $0.at).distance) }
                .filter { $0.2 <= reach }
                .sorted { ($0.2, $0.1) < ($1.2, $1.1) }
                .prefix(50)
            guard page.count == 50 || reach >= q.radius else {
                let growth = page.isEmpty ? 4 : min(4, max(1.5, (50 / Double(page.count)).squareRoot() * 1.3))
                reach = min(q.radius, reach * growth)
                continue
            }
            guard !page.isEmpty else { return [] }
            let keys = page.map { SQLiteData.integer(SQLiteInt64($0.0)) }
            let bodies = try await db.query(
                "SELECT rowid AS k, body FROM bodies WHERE rowid IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))",
                keys)
            // The stickers come back whole, as WorldLayer's do; the harness holds each body.
            guard bodies.count == page.count, bodies.allSatisfy({ $0.columns[1].data.string != nil }) else {
                throw CommandFailure("the R*Tree file lacks bodies for some stickers")
            }
            return page.map { AnswerLine.line($0.1, $0.2) }
        }
    }

    /// A connection of the client's own to the R*Tree file, with WorldLayer's page cache per connection.
    static func connect(_ database: DatabaseURL, threads: NIOThreadPool) async throws -> SQLiteConnection {
        guard case .sqlite(let path) = database else { throw CommandFailure("--engine rtree needs an SQLite --database") }
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threads, logger: quietLogger(), on: MultiThreadedEventLoopGroup.singleton.any())
        _ = try await connection.query("PRAGMA cache_size = -8192")
        return connection
    }

    /// The rows `viewer` may see in the box around `reach` metres of the query, nearest first by flat distance.
    static func visibleRows(
        within reach: Double, of q: BenchQuery, perDegree: (latitude: Double, longitude: Double), on db: SQLiteConnection
    ) async throws -> [Row] {
        // A little wider than the circle: the R*Tree keeps 32-bit floats, and the flat metre is approximate.
        let dLat = reach * 1.01 / perDegree.latitude
        let dLon = min(180, reach * 1.01 / max(perDegree.longitude, 1))
        let west = q.longitude - dLon, east = q.longitude + dLon
        // A box across the antimeridian is two boxes.
        var boxes = [(max(-180, west), min(180, east))]
        if west < -180 { boxes.append((west + 360, 180)) }
        if east > 180 { boxes.append((-180, east - 360)) }
        var rows: [Row] = []
        for (lo, hi) in boxes {
            for row in try await db.query(
                """
                SELECT s.rowid AS k, s.id, s.latitude, s.longitude FROM sticker_boxes b JOIN stickers s ON s.rowid = b.id
                WHERE b.max_lat >= ?1 AND b.min_lat <= ?2 AND b.max_lon >= ?3 AND b.min_lon <= ?4
                  AND (s.visibility = 'public' OR s.author = ?5 OR (s.visibility = 'shared'
                    AND EXISTS (SELECT 1 FROM shares h WHERE h.sticker = s.rowid AND h.account = ?5)))
                """,
                [.float(q.latitude - dLat), .float(q.latitude + dLat), .float(lo), .float(hi), .integer(SQLiteInt64(q.viewer))]
            ) {
                let c = row.columns
                guard c.count == 4, let key = c[0].data.integer, let id = c[1].data.string, let lat = c[2].data.double,
                    let lon = c[3].data.double
                else { throw CommandFailure("the R*Tree file has an incomplete sticker row: \(row)") }
                var dx = abs(lon - q.longitude)
                if dx > 180 { dx = 360 - dx }
                rows.append(
                    (
                        Int(key), id, hypot((lat - q.latitude) * perDegree.latitude, dx * perDegree.longitude),
                        Coordinate(latitude: lat, longitude: lon)
                    ))
            }
        }
        return rows.sorted { $0.flat < $1.flat }
    }
}

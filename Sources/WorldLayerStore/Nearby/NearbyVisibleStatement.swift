import Foundation
import PostgresKit
import WorldLayerCore
import WorldLayerGeo

/// One step of a nearby search on PostgreSQL, in one round trip: the stickers in a small box that
/// the viewer may see, nearest first by a flat-earth distance, at most `cap` of them.
///
/// Two things the search once did in the client now happen here. The visibility rule runs in SQL
/// against the viewer's relations (a CTE), so there is no separate query for the viewer. And only
/// the nearest `cap` rows come back: a search reads two or three pages' worth of rows to fill one,
/// and sending, scanning and measuring the other half was most of the client's time (`perf`).
/// The rule is ``Viewer/canSee(_:now:)`` written out in SQL (``visibleRule(viewer:now:adultCutoff:shares:relations:)``,
/// shared with SQLite's step, ``NearbyVisibleSQLite``); the visibility matrix test runs every path ×
/// relation on both engines, this one included, so the two cannot drift apart unseen.
///
/// The flat distance (metres per degree at the centre, ``ApproximateDistance``) differs from the
/// geodesic by far less than ``ApproximateDistance/relativeError`` inside a box this small, so the
/// caller can tell whether the rows left out could have made its page (``VisiblePage/safeBelow``).
struct NearbyVisibleStatement: PostgresPreparedStatement {
    static let sql = """
        WITH rel AS MATERIALIZED (\(ViewerStatement.relations(of: "$7")))
        SELECT id, version, latitude, longitude, body, d FROM (
          SELECT s.id, s.version, s.latitude, s.longitude, s.body, sqrt(power((s.latitude - $9) * $11, 2) + power((s.longitude - $10) * $12, 2)) AS d
          FROM unnest($1::bigint[], $2::bigint[]) AS k(cell, strip) CROSS JOIN stickers s
          WHERE s.cell = k.cell AND s.strip = k.strip AND s.latitude BETWEEN $3 AND $4 AND s.longitude BETWEEN $5 AND $6
            AND \(visibleRule(viewer: "$7", now: "$8", adultCutoff: "$15", shares: "sticker_shares h", relations: .cte))
        ) v
        WHERE d >= $13
        ORDER BY d LIMIT $14
        """
    /// The columns the search needs come as columns, not scanned out of the body as SQLite's rows are:
    /// the rule has run, so only the place, the id and the version matter here.
    typealias Row = (candidate: NearbySearch.Candidate, distance: Double)

    var cells: [Int64]
    var strips: [Int64]
    var box: (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)
    var viewer: String
    var now: Int64
    var flat: ApproximateDistance
    /// Rows nearer than this (flat) surely lie before the cursor.
    var nearest: Double
    var cap: Int
    /// The latest birthday of an adult today (``Viewer/adultBirthdayCutoff(now:)``).
    var adultCutoff: String

    func makeBindings() -> PostgresBindings {
        var b = PostgresBindings()
        b.append(cells)
        b.append(strips)
        b.append(box.latitudes.lowerBound)
        b.append(box.latitudes.upperBound)
        b.append(box.longitudes.lowerBound)
        b.append(box.longitudes.upperBound)
        b.append(viewer)
        b.append(now)
        b.append(flat.center.latitude)
        b.append(flat.center.longitude)
        b.append(flat.metresPerDegreeLatitude)
        b.append(flat.metresPerDegreeLongitude)
        b.append(nearest)
        b.append(Int64(cap))
        b.append(adultCutoff)
        return b
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (id, version, latitude, longitude, body, distance) = try row.decode((String, Int, Double, Double, String, Double).self)
        guard let uuid = UUID(storedText: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "sticker id \(id) is not a UUID"))
        }
        let candidate = NearbySearch.Candidate(
            id: Sticker.ID(uuid), idText: id, version: version, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            audience: nil,
            body: body)
        return (candidate, distance)
    }
}

/// Distances on a plane tangent at `center`: metres per degree of latitude and longitude there.
/// Within a couple of kilometres and away from the poles it is within ``relativeError`` of the
/// geodesic, which is all a search needs to know which rows may be left out.
struct ApproximateDistance: Sendable {
    var center: Coordinate
    var metresPerDegreeLatitude: Double
    var metresPerDegreeLongitude: Double

    /// A generous bound: the largest error, at 80° and 1.5 km from the centre, is about 0.12 %.
    static let relativeError = 0.005
    /// For rounding in the arithmetic, in metres.
    static let absoluteError = 0.001

    init(center: Coordinate) {
        // WGS 84: the meridian's and the prime vertical's radii of curvature at the centre's latitude.
        let phi = center.latitude * .pi / 180
        self.center = center
        metresPerDegreeLatitude = Ellipsoid.wgs84.meridionalRadius(latitudeRadians: phi) * .pi / 180
        metresPerDegreeLongitude = Ellipsoid.wgs84.primeVerticalRadius(latitudeRadians: phi) * cos(phi) * .pi / 180
    }

    /// Rows whose flat distance is below this lie nearer than `distance` on the ellipsoid.
    static func surelyBefore(_ distance: Double) -> Double { max(0, distance * (1 - relativeError) - absoluteError) }
    /// Rows whose flat distance is at least `flat` lie at least this far on the ellipsoid.
    static func atLeast(_ flat: Double) -> Double { (flat - absoluteError) / (1 + relativeError) }
}

extension NearbyVisibleStatement {
    /// Where a rule reads the viewer's relations from.
    enum Relations {
        /// The CTE `rel` (``ViewerStatement/relations(of:)``): read once per statement, which PostgreSQL prepares once.
        case cte
        /// Their own tables: SQLite parses every statement anew, and the CTE's union cost it ~15 % of a search.
        case tables
    }

    /// ``Viewer/canSee(_:now:)`` for row `s` of the stickers, in SQL both engines speak: `viewer`,
    /// `now` and `adultCutoff` name the parameters that hold them, `shares` is the shares table as `h`.
    static func visibleRule(viewer: String, now: String, adultCutoff: String, shares: String, relations: Relations) -> String {
        let (notBlocked, adult, worldmaps) =
            switch relations {
            case .cte:
                (
                    "s.author_id NOT IN (SELECT other FROM rel WHERE kind = 'b')",
                    "EXISTS (SELECT 1 FROM rel WHERE kind = 'a' AND other <= \(adultCutoff))",
                    "SELECT other FROM rel WHERE kind = 'w'"
                )
            case .tables:
                (
                    """
                    s.author_id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = \(viewer))
                      AND s.author_id NOT IN (SELECT blocker_id FROM blocks WHERE blocked_id = \(viewer))
                    """,
                    "EXISTS (SELECT 1 FROM accounts WHERE id = \(viewer) AND birthday <= \(adultCutoff))",
                    "SELECT worldmap_id FROM worldmap_members WHERE account_id = \(viewer)"
                )
            }
        let publicWorld = Visibility.allCases.compactMap { visibility in
            reach(of: visibility, viewer: viewer, shares: shares, relations: relations).map {
                $0.isEmpty ? "s.visibility = '\(visibility.rawValue)'" : "(s.visibility = '\(visibility.rawValue)' AND (\($0)))"
            }
        }
        return """
            s.state <> 'deleted' AND (s.expires_at IS NULL OR s.expires_at > \(now))
            AND (s.author_id = \(viewer) OR (
              s.state = 'published' AND \(notBlocked)
              AND (s.age_restricted = 0 OR \(adult))
              AND CASE WHEN s.private_worldmap_id IS NOT NULL
                THEN s.visibility <> 'private' AND s.private_worldmap_id IN (\(worldmaps))
                ELSE \(publicWorld.joined(separator: " OR "))
                END))
            """
    }

    /// Who besides the author sees a sticker of `visibility` in the public world, as SQL: the
    /// condition on the viewer, "" for everyone, nil for no one. The same cases as ``Viewer/canSee(_:now:)``.
    private static func reach(of visibility: Visibility, viewer: String, shares: String, relations: Relations) -> String? {
        let (groups, following) =
            switch relations {
            case .cte: ("SELECT other FROM rel WHERE kind = 'g'", "SELECT other FROM rel WHERE kind = 'f'")
            case .tables:
                (
                    "SELECT group_id FROM group_members WHERE account_id = \(viewer)",
                    "SELECT followee_id FROM follows WHERE follower_id = \(viewer)"
                )
            }
        switch visibility {
        case .public: return ""
        case .private: return nil
        case .shared:
            return """
                EXISTS (SELECT 1 FROM \(shares) WHERE h.sticker_id = s.id AND h.account_id = \(viewer))
                  OR EXISTS (SELECT 1 FROM sticker_group_shares g WHERE g.sticker_id = s.id AND g.group_id IN (\(groups)))
                """
        case .followers: return "s.author_id IN (\(following))"
        }
    }

    /// The step for `cells` within `box`, or nil for a box the statement cannot take (one without
    /// longitudes, near a pole or the antimeridian, or too wide for strips).
    init?(
        cells: [CellID], box: NearbySearch.SearchBox, center: Coordinate, viewer: Account.ID?, now: Date, after cursor: NearbyCursor?,
        cap: Int
    ) {
        guard let longitudes = box.longitudes, let strips = LongitudeStrip.covering(longitudes) else { return nil }
        let pairs = cells.flatMap { cell in strips.map { (Int64(bitPattern: cell.rawValue), $0) } }
        self.init(
            cells: pairs.map(\.0), strips: pairs.map(\.1), box: (box.latitudes, longitudes), viewer: viewer?.text ?? "-",
            now: millis(now), flat: ApproximateDistance(center: center),
            nearest: cursor.map { ApproximateDistance.surelyBefore($0.distance) } ?? 0, cap: cap,
            adultCutoff: Viewer.adultBirthdayCutoff(now: now))
    }
}

/// What one step sent: the rows, how many the box holds for this viewer, and how near a row it left out could lie.
struct VisiblePage {
    var rows: [NearbySearch.Candidate]
    /// Exact when the step sent fewer than its cap; else estimated (below).
    var total: Int
    var safeBelow: Double

    /// The page of a step that sent `rows`, nearest first, at most `cap` of them, from flat distance
    /// `nearest` (after a cursor) to `farthest`, out of a box spanning `latitudes`.
    ///
    /// When the step was full, rows were left out: none nearer than `farthest` allows, and as many as
    /// the box holds at the density of the rows sent (`total` only sizes the next search's first circle,
    /// ``DensityHints``). Counting them exactly meant a window over every row of the box, which kept them
    /// all (PostgreSQL: with their bodies) where a sort that keeps `cap` suffices.
    init(rows: [NearbySearch.Candidate], cap: Int, nearest: Double, farthest: Double, latitudes: ClosedRange<Double>) {
        self.rows = rows
        guard rows.count == cap else { (total, safeBelow) = (rows.count, .infinity); return }
        safeBelow = ApproximateDistance.atLeast(farthest)
        let boxRadius = (latitudes.upperBound - latitudes.lowerBound) / 2 * NearbySearch.metresPerDegreeLatitudeMinimum
        let perSquareMetre = Double(cap) / (.pi * max(farthest * farthest - nearest * nearest, 1))
        total = max(cap, Int((perSquareMetre * 4 * boxRadius * boxRadius).rounded()))
    }
}

extension Store {
    static func visibleCandidates(_ statement: NearbyVisibleStatement, on postgres: PostgresConnection) async throws -> VisiblePage {
        var rows: [NearbySearch.Candidate] = []
        var farthest = 0.0
        for try await (candidate, distance) in try await postgres.execute(statement, logger: postgres.logger) {
            rows.append(candidate)
            farthest = distance
        }
        return VisiblePage(
            rows: rows, cap: statement.cap, nearest: statement.nearest, farthest: farthest, latitudes: statement.box.latitudes)
    }
}

import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// A sticker found near a point, with how far and which way it is.
public struct NearbySticker: Sendable {
    public var sticker: Sticker
    public var distance: Double
    public var bearing: Double
}

/// Where the next page of a nearby search starts: after this distance, then this id.
public struct NearbyCursor: Sendable, Equatable, LosslessStringConvertible {
    public var distance: Double
    public var id: UUID

    public init(distance: Double, id: UUID) {
        self.distance = distance
        self.id = id
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let d = Double(parts[0]), d.isFinite, d >= 0, let id = UUID(uuidString: String(parts[1])) else { return nil }
        self.init(distance: d, id: id)
    }

    public var description: String { "\(distance)_\(id.text)" }

    func isBefore(_ distance: Double, _ idText: String) -> Bool {
        self.distance < distance || (self.distance == distance && id.text < idText)
    }
}

extension Store {
    /// The light columns the visibility rule and the distance need, so that only the
    /// page that is returned is decoded in full.
    private struct Candidate {
        var id: UUID
        /// The stored text form, kept for ordering ties without formatting UUIDs again.
        var idText: String
        var version: Int
        /// The table's key on SQLite (cell, strip, latitude, id; migration 11), which every index entry
        /// carries: fetching bodies by it reads them where they lie, side by side, without the id index.
        var place: (cell: Int64, strip: Int64)?
        var audience: StickerAudience
        var coordinate: Coordinate
    }

    /// Stickers `viewer` may see within `radius` metres of `center`, nearest first, a page at a time.
    ///
    /// Searches a growing circle: the cells it covers, narrowed in SQL to the strips and
    /// latitude band it spans (the `(cell, strip, latitude)` index), then exact geodesic distances. The
    /// circle starts small and grows by the density it finds until it holds a full page
    /// or reaches `radius` — so a page costs about the same in a dense city as in a field.
    public func nearbyStickers(
        center: Coordinate, radius: Double, viewer: Viewer, limit: Int, after cursor: NearbyCursor? = nil, now: Date = Date()
    ) async throws -> [NearbySticker] {
        try await withConnection { db in
            var r = min(radius, max(Store.firstSearchRadius, (cursor?.distance ?? 0) * 1.25 + 10))
            // Where stickers are dense, shrink the first circle to about two pages' worth: counting
            // index entries is far cheaper than reading rows.
            if cursor == nil {
                let count = try await Store.count(in: try CellGrid.cover(center: center, radius: r), box: Store.box(around: center, radius: r), on: db)
                if count > 4 * limit { r = max(0.5, r * (Double(2 * limit) / Double(count)).squareRoot()) }
            }
            while true {
                var found: [(candidate: Candidate, line: GeodesicLine)] = []
                let cells = try CellGrid.cover(center: center, radius: r)
                for chunk in stride(from: 0, to: cells.count, by: 500).map({ Array(cells[$0..<min($0 + 500, cells.count)]) }) {
                    let rows = try await Store.candidates(
                        in: chunk, box: Store.box(around: center, radius: r), viewer: viewer, on: db)
                    for c in rows where viewer.canSee(c.audience, now: now) {
                        let line = Geodesic.wgs84.inverse(center, c.coordinate)
                        guard line.distance <= r, cursor?.isBefore(line.distance, c.idText) ?? true else { continue }
                        found.append((c, line))
                    }
                }
                if found.count >= limit || r >= radius {
                    found.sort { ($0.line.distance, $0.candidate.idText) < ($1.line.distance, $1.candidate.idText) }
                    let page = found.prefix(limit)
                    let bodies = try await self.bodies(of: page.map(\.candidate), on: db)
                    return page.compactMap { item in
                        bodies[item.candidate.id].map {
                            NearbySticker(
                                sticker: $0.seen(by: viewer.accountID), distance: item.line.distance,
                                bearing: item.line.initialAzimuth < 0 ? item.line.initialAzimuth + 360 : item.line.initialAzimuth)
                        }
                    }
                }
                // Grow by the density seen so far: enough area for a page, with some to spare.
                let growth = found.isEmpty ? 4 : min(4, max(1.5, (Double(limit) / Double(found.count)).squareRoot() * 1.3))
                r = min(radius, r * growth)
            }
        }
    }

    /// A latitude/longitude box that surely contains the circle (longitude only away from
    /// the poles and the antimeridian, where a box would need care to stay conservative).
    static func box(around c: Coordinate, radius r: Double) -> (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?) {
        let band = r / metresPerDegreeLatitudeMinimum
        let latitudes = (c.latitude - band)...(c.latitude + band)
        let poleward = abs(c.latitude) + band
        guard poleward < 80 else { return (latitudes, nil) }
        // A degree of longitude spans at least 111,319 m × cos φ (the parallel's radius on the ellipsoid is larger); 5 % spare.
        let spread = r / (111_319 * cos(poleward * .pi / 180)) * 1.05
        guard abs(c.longitude) + spread < 180 else { return (latitudes, nil) }
        return (latitudes, (c.longitude - spread)...(c.longitude + spread))
    }

    /// Where a nearby search starts: small, because in a dense place (millions of stickers in a
    /// city) a few metres already hold a page, and growing from small costs little where it is sparse.
    static let firstSearchRadius = 8.0
    /// Metres in a degree of latitude at the equator, where a degree is shortest: a band
    /// computed with it always contains the circle.
    static let metresPerDegreeLatitudeMinimum = 110_574.0

    /// Every sticker `viewer` may see in the given cells (what a device loads around it).
    public func stickers(inCells cells: [CellID], viewer: Viewer, limit: Int = 5_000, now: Date = Date()) async throws -> [Sticker] {
        try await withConnection { db in
            let visible = try await Store.candidates(in: cells, box: nil, viewer: viewer, on: db).filter { viewer.canSee($0.audience, now: now) }
            let bodies = try await self.bodies(of: Array(visible.prefix(limit)), on: db)
            return visible.prefix(limit).compactMap { bodies[$0.id]?.seen(by: viewer.accountID) }
        }
    }

    /// SQL true when sticker `s` is shared with account `me`: by name, or through a group `me` is in.
    static func sharedWithMe(_ me: String) -> SQLQueryString {
        """
        EXISTS (SELECT 1 FROM sticker_shares h WHERE h.sticker_id = s.id AND h.account_id = \(bind: me))
        OR EXISTS (SELECT 1 FROM sticker_group_shares g JOIN group_members m ON m.group_id = g.group_id WHERE g.sticker_id = s.id AND m.account_id = \(bind: me))
        """
    }

    private static func candidates(
        in cells: [CellID], box: (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?)?, viewer: Viewer, on db: any SQLDatabase
    ) async throws -> [Candidate] {
        guard !cells.isEmpty else { return [] }
        let me = viewer.accountID?.text ?? "-"
        let sqlite = db.dialect.name == "sqlite"
        let band = box.map { Store.bandFilter($0, table: "s.") } ?? ""
        let rows = try await db.raw(
            """
            SELECT \(unsafeRaw: sqlite ? "s.cell, s.strip, " : "")s.id, s.author_id, s.state, s.visibility, s.private_worldmap_id, s.expires_at, s.latitude, s.longitude, s.version,
              CASE WHEN s.visibility = 'shared' AND (\(Store.sharedWithMe(me)))
                   THEN 1 ELSE 0 END AS shared_with_me
            FROM stickers s
            WHERE s.cell IN (\(SQLList(cells.map { SQLBind(Int64(bitPattern: $0.rawValue)) }))) AND s.state <> 'deleted'
              AND (s.state = 'published' OR s.author_id = \(bind: me)) \(band)
            """
        ).all()
        return try rows.map { row in
            let idText = try row.decode(column: "id", as: String.self)
            return Candidate(
                id: UUID(storedText: idText) ?? UUID(), idText: idText, version: try row.decode(column: "version", as: Int.self),
                place: sqlite ? (try row.decode(column: "cell", as: Int64.self), try row.decode(column: "strip", as: Int64.self)) : nil,
                audience: try Store.audience(from: row, viewer: viewer),
                coordinate: Coordinate(
                    latitude: try row.decode(column: "latitude", as: Double.self), longitude: try row.decode(column: "longitude", as: Double.self)))
        }
    }

    /// What the visibility rule needs, from a row with the sticker's columns and `shared_with_me` (``sharedWithMe(_:)``).
    static func audience(from row: any SQLRow, viewer: Viewer) throws -> StickerAudience {
        let shared = try row.decode(column: "shared_with_me", as: Int.self) != 0
        return StickerAudience(
            author: UUID(storedText: try row.decode(column: "author_id", as: String.self)) ?? UUID(),
            state: StickerState(rawValue: try row.decode(column: "state", as: String.self)) ?? .deleted,
            visibility: Visibility(rawValue: try row.decode(column: "visibility", as: String.self)) ?? .private,
            privateWorldmap: try row.decode(column: "private_worldmap_id", as: String?.self).flatMap(UUID.init(storedText:)),
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map { date(millis: $0) },
            sharedWith: shared ? [viewer.accountID!] : [])
    }

    /// The SQL that narrows a cells' scan to a box: the strips it spans (when few), the latitude band, the longitudes.
    private static func bandFilter(
        _ box: (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?), table t: String
    ) -> SQLQueryString {
        var sql: SQLQueryString = ""
        if let lon = box.longitudes, let strips = LongitudeStrip.covering(lon) {
            sql = sql + " AND \(unsafeRaw: t)strip IN (\(SQLList(strips.map { SQLBind($0) })))"
        }
        sql = sql + " AND \(unsafeRaw: t)latitude BETWEEN \(bind: box.latitudes.lowerBound) AND \(bind: box.latitudes.upperBound)"
        if let lon = box.longitudes {
            sql = sql + " AND \(unsafeRaw: t)longitude BETWEEN \(bind: lon.lowerBound) AND \(bind: lon.upperBound)"
        }
        return sql
    }

    /// How many living stickers lie in the box, counted on the index alone.
    private static func count(
        in cells: [CellID], box: (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?), on db: any SQLDatabase
    ) async throws -> Int {
        guard !cells.isEmpty else { return 0 }
        return try await db.raw(
            """
            SELECT COUNT(*) AS n FROM stickers
            WHERE cell IN (\(SQLList(cells.map { SQLBind(Int64(bitPattern: $0.rawValue)) }))) AND state <> 'deleted' \(Store.bandFilter(box, table: ""))
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Full stickers for ids at known versions: from the cache when it holds that version,
    /// else decoded from their rows (and cached).
    private func bodies(of wanted: [Candidate], on db: any SQLDatabase) async throws -> [UUID: Sticker] {
        var result: [UUID: Sticker] = [:]
        var missing: [Candidate] = []
        for c in wanted {
            if let s = bodyCache.sticker(c.id, version: c.version) { result[c.id] = s } else { missing.append(c) }
        }
        guard !missing.isEmpty else { return result }
        let keys: [SQLQueryString] = missing.compactMap { c in
            c.place.map { "(\(bind: $0.cell), \(bind: $0.strip), \(bind: c.coordinate.latitude), \(bind: c.idText))" }
        }
        // On SQLite a join from the keys (CROSS JOIN keeps them outer) is one primary-key probe each;
        // the planner scans the table for `(…) IN (VALUES …)`.
        let query: SQLQueryString = keys.count == missing.count
            ? """
              SELECT s.body FROM (VALUES \(keys.joined(separator: ", "))) k CROSS JOIN stickers s
              ON s.cell = k.column1 AND s.strip = k.column2 AND s.latitude = k.column3 AND s.id = k.column4
              """
            : "SELECT body FROM stickers WHERE id IN (\(SQLList(missing.map { SQLBind($0.idText) })))"
        let rows = try await db.raw(query).all()
        for row in rows {
            let s = try StoreJSON.decode(Sticker.self, try row.decode(column: "body", as: String.self))
            result[s.id] = s
            bodyCache.insert(s)
        }
        return result
    }
}

import Foundation
import PostgresKit
import SQLKit
import SQLiteKit
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
    public var id: Sticker.ID

    public init(distance: Double, id: Sticker.ID) {
        self.distance = distance
        self.id = id
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let d = Double(parts[0]), d.isFinite, d >= 0, let id = UUID(uuidString: String(parts[1])) else {
            return nil
        }
        self.init(distance: d, id: Sticker.ID(id))
    }

    public var description: String { "\(distance)_\(id.text)" }

    func isBefore(_ distance: Double, _ idText: String) -> Bool {
        self.distance < distance || (self.distance == distance && id.text < idText)
    }
}

extension GeodesicLine {
    /// The initial azimuth as a compass bearing, 0–360°.
    var bearing: Double { initialAzimuth < 0 ? initialAzimuth + 360 : initialAzimuth }
}

/// Stickers near a point or in cells, as a viewer may see them.
public struct NearbySearch: StoreAggregate {
    let store: Store
}

extension NearbySearch {
    /// A latitude/longitude box that contains a search circle; no longitudes near the poles and the antimeridian.
    typealias SearchBox = (latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>?)

    /// How a query reaches the stickers of some cells: SQL each engine's planner gets right.
    enum SpatialAccess {
        /// SQLite's table itself, by place-key ranges: to read whole rows.
        case placeKeys
        /// The `(cell, strip, latitude)` index on SQLite: to count.
        case sqliteIndex
        /// The same index on PostgreSQL, which also reads rows through it (its heap has no place order).
        case postgresIndex

        static func rows(_ engine: Store.Engine) -> SpatialAccess { engine == .sqlite ? .placeKeys : .postgresIndex }
        static func index(_ engine: Store.Engine) -> SpatialAccess { engine == .sqlite ? .sqliteIndex : .postgresIndex }
        var engine: Store.Engine { self == .postgresIndex ? .postgres : .sqlite }
    }

    /// A sticker row as the search reads it: where it is, which version its body is, who may see
    /// it, and the stored body, decoded in full only if the sticker makes the page. The body comes
    /// with the row (the row is read anyway, and on SQLite it lies in place order, ``StickerPlaceKey``),
    /// which saves a second round trip for the page's bodies.
    struct Candidate {
        var id: Sticker.ID
        /// The stored text form of the id, which orders ties.
        var idText: String
        var version: Int
        var coordinate: Coordinate
        /// Nil when the query itself applied the rule (``NearbyVisibleStatement``).
        var audience: StickerAudience?
        var body: String
        /// Where a row found in memory lies in SQLite's table (its body is read by it, ``ResidentSpots``).
        var placeKey: Int64? = nil

        func isVisible(to viewer: Viewer, now: Date) -> Bool { audience.map { viewer.canSee($0, now: now) } ?? true }
    }

    /// Stickers `viewer` may see within `radius` metres of `center`, nearest first, a page at a time.
    ///
    /// Searches a growing circle (``nearest(center:radius:limit:after:count:step:readApart:)``): in the
    /// memory of a server on an SQLite file once it keeps the stickers' places there
    /// (``ResidentSpots``, ``keepResident()``), else in SQL. Takes the viewer's account rather than a
    /// ``Viewer``: in SQL the rule runs inside each step's one statement (``NearbyVisibleStatement``,
    /// ``NearbyVisibleSQLite``), which reads the relations itself.
    public func search(
        center: Coordinate, radius: Double, viewer viewerID: Account.ID?, limit: Int, after cursor: NearbyCursor? = nil, now: Date? = nil
    ) async throws -> [NearbySticker] {
        let now = now ?? clock.now()
        if store.residentSpots.version != nil,
            let found = try await store.withReader({ sqlite in
                try await residentSearch(
                    center: center, radius: radius, viewer: viewerID, limit: limit, after: cursor, now: now,
                    on: sqlite.sql(queryLogLevel: .trace), sqlite)
            }), let found
        {
            return found
        }
        return try await withConnection(native: { db, native in
            var viewer: Viewer?  // read only for a step whose rule runs here
            let page = try await nearest(
                center: center, radius: radius, limit: limit, after: cursor,
                count: { r, bound in try await Self.count(within: r, of: center, access: .index(engine), upTo: bound, on: db) },
                step: { cells, box, cap in
                    try await Self.visibleStep(
                        on: native, cells: cells, box: box, center: center, viewer: viewerID, now: now, after: cursor, cap: cap)
                },
                readApart: { cells, box in
                    if viewer == nil {
                        viewer = try await viewerID.asyncMap { try await AccountStore.viewer($0, on: db, now: now) } ?? .anonymous
                    }
                    return try await visibleRows(in: cells, box: box, viewer: viewer!, now: now, on: db)
                })
            return try page.map { try self.nearbySticker($0.candidate, $0.line, viewer: viewerID) }
        })
    }

    /// The page of a search: the `limit` nearest rows within `radius` of `center` after `cursor`,
    /// each with its geodesic from the centre.
    ///
    /// Searches a growing circle: the cells it covers, narrowed to the box around it (`step`, nearest
    /// first by a flat distance, at most a cap; or where `step` cannot take the box, every visible row
    /// of it, `readApart`, with how many rows were read), then exact geodesic distances. The circle starts
    /// small and grows by the density it finds until it holds a full page or reaches `radius` — so a
    /// page costs about the same in a dense city as in a field.
    func nearest(
        center: Coordinate, radius: Double, limit: Int, after cursor: NearbyCursor?,
        count: (_ radius: Double, _ bound: Int?) async throws -> Int,
        step: (_ cells: [CellID], _ box: SearchBox, _ cap: Int) async throws -> VisiblePage?,
        readApart: (_ cells: [CellID], _ box: SearchBox) async throws -> (visible: [Candidate], read: Int)
    ) async throws -> [(candidate: Candidate, line: GeodesicLine)] {
        var r = min(radius, max(Self.firstSearchRadius, (cursor?.distance ?? 0) * 1.25 + 10))
        let home = CellGrid.cell(containing: center)
        // Size the first circle to about three pages' worth, from what the last search around here
        // read: smaller where stickers are dense, and where they are sparse as large as the last
        // search had to go (a step's rows are judged before they are sent, so a larger box costs index
        // entries, not rows). Where no search has been, count index entries (far cheaper than reading
        // rows) and only shrink; where there are few, count the whole disc too, up to a bound, and
        // if it holds few, take it in one step (a field or the sea took five, from 8 m to 1 km).
        if cursor == nil {
            if let hint = store.densityHints.hint(at: home) {
                r =
                    hint.rows == 0
                    ? min(radius, max(r, hint.radius)) : min(radius, max(0.5, (Double(3 * limit) / (4 * hint.density)).squareRoot()))
            } else {
                let few = 4 * limit
                let near = try await count(r, nil)
                if near > few {
                    r = max(0.5, r * (Double(2 * limit) / Double(near)).squareRoot())
                } else if r < radius, try await count(radius, few) <= few {
                    r = radius
                }
            }
        }
        // A step sends only the nearest rows; a quarter more than a page, so that what it leaves out
        // can almost always be shown to lie beyond the page.
        var cap: Int? = limit + limit / 4 + 8
        while true {
            var found: [(candidate: Candidate, line: GeodesicLine)] = []
            var read = 0
            var safeBelow = Double.infinity  // no left-out row lies nearer than this
            let box = Self.box(around: center, radius: r)
            let cells = try CellGrid.cover(center: center, radius: r)
            for chunk in stride(from: 0, to: cells.count, by: 500).map({ Array(cells[$0..<min($0 + 500, cells.count)]) }) {
                var rows: [Candidate]
                if let page = try await step(chunk, box, cap ?? Int(Int32.max)) {
                    (rows, read) = (page.rows, read + page.total)
                    safeBelow = min(safeBelow, page.safeBelow)
                } else {
                    let apart = try await readApart(chunk, box)
                    (rows, read) = (apart.visible, read + apart.read)
                }
                for c in rows {
                    let line = Geodesic.wgs84.inverse(center, c.coordinate)
                    guard line.distance <= r, cursor?.isBefore(line.distance, c.idText) ?? true else { continue }
                    found.append((c, line))
                }
            }
            store.densityHints.record(read, inBoxOfRadius: r, at: home)
            if found.count >= limit || r >= radius {
                found.sort { ($0.line.distance, $0.candidate.idText) < ($1.line.distance, $1.candidate.idText) }
                let page = found.prefix(limit)
                // A row left out could have made the page: read this step again, every row.
                if page.count == limit ? page.last!.line.distance >= safeBelow : safeBelow <= r {
                    cap = nil
                    continue
                }
                return Array(page)
            }
            // Grow by the density seen so far: enough area for a page, with some to spare.
            let growth = found.isEmpty ? 4 : min(4, max(1.5, (Double(limit) / Double(found.count)).squareRoot() * 1.3))
            r = min(radius, r * growth)
        }
    }

    /// The rows of `cells` within `box` that `viewer` may see, judged here, and how many were read
    /// (a step for a box too wide for one statement, ``nearest(center:radius:limit:after:count:step:readApart:)``).
    func visibleRows(
        in cells: [CellID], box: SearchBox, viewer: Viewer, now: Date, on db: any SQLDatabase
    ) async throws -> (visible: [Candidate], read: Int) {
        let rows = try await Self.candidates(in: cells, box: box, viewer: viewer, access: .rows(engine), on: db)
        return (rows.filter { $0.isVisible(to: viewer, now: now) }, rows.count)
    }

    private func nearbySticker(_ c: Candidate, _ line: GeodesicLine, viewer: Account.ID?) throws -> NearbySticker {
        NearbySticker(sticker: try sticker(from: c).seen(by: viewer), distance: line.distance, bearing: line.bearing)
    }

    /// One step's visible rows in one statement, or nil where the box is too wide for one
    /// (the caller then reads the rows and judges them itself).
    private static func visibleStep(
        on native: Store.NativeConnection, cells: [CellID], box: SearchBox, center: Coordinate, viewer: Account.ID?, now: Date,
        after cursor: NearbyCursor?, cap: Int
    ) async throws -> VisiblePage? {
        switch native {
        case .postgres(let connection):
            guard
                let statement = NearbyVisibleStatement(
                    cells: cells, box: box, center: center, viewer: viewer, now: now, after: cursor, cap: cap)
            else { return nil }
            return try await Store.visibleCandidates(statement, on: connection)
        case .sqlite(let connection):
            guard let step = NearbyVisibleSQLite(cells: cells, box: box, center: center, viewer: viewer, now: now, after: cursor, cap: cap)
            else { return nil }
            return try await step.run(on: connection)
        }
    }

    /// A latitude/longitude box that surely contains the circle (longitude only away from
    /// the poles and the antimeridian, where a box would need care to stay conservative).
    static func box(around c: Coordinate, radius r: Double) -> SearchBox {
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
    public func stickers(inCells cells: [CellID], viewer: Viewer, limit: Int = 5_000, now: Date? = nil) async throws -> [Sticker] {
        let now = now ?? clock.now()
        return try await withConnection { db in
            // Rows come with their bodies, so read about as many as are wanted (a city's cells can hold
            // hundreds of thousands); only if too many of those are hidden from this viewer, read them all.
            let wanted = limit + limit / 2
            var rows = try await Self.candidates(in: cells, box: nil, viewer: viewer, limit: wanted, access: .rows(engine), on: db)
            if rows.count == wanted, rows.lazy.filter({ $0.isVisible(to: viewer, now: now) }).count < limit {
                rows = try await Self.candidates(in: cells, box: nil, viewer: viewer, access: .rows(engine), on: db)
            }
            return try rows.lazy.filter { $0.isVisible(to: viewer, now: now) }.prefix(limit).map {
                try self.sticker(from: $0).seen(by: viewer.accountID)
            }
        }
    }

    /// The shares table as `h`, probed by viewer: SQLite's planner prefers the primary key, by
    /// sticker, whose leaves a search's probes hit at random (migration 15).
    static let sqliteSharesByViewer = "sticker_shares h INDEXED BY sticker_shares_by_viewer"

    /// SQL true when sticker `s` is shared with account `me`: by name, or through a group `me` is in
    /// (on SQLite probing the shares by viewer, ``sqliteSharesByViewer``).
    static func sharedWithMe(_ me: String, on engine: Store.Engine) -> SQLQueryString {
        let shares: SQLQueryString = engine == .sqlite ? "\(unsafeRaw: sqliteSharesByViewer)" : "sticker_shares h"
        return """
            EXISTS (SELECT 1 FROM \(shares) WHERE h.account_id = \(bind: me) AND h.sticker_id = s.id)
            OR EXISTS (SELECT 1 FROM sticker_group_shares g JOIN group_members m ON m.group_id = g.group_id WHERE g.sticker_id = s.id AND m.account_id = \(bind: me))
            """
    }

    private static func candidates(
        in cells: [CellID], box: SearchBox?, viewer: Viewer, limit: Int? = nil,
        access: SpatialAccess, on db: any SQLDatabase
    ) async throws -> [Candidate] {
        guard !cells.isEmpty else { return [] }
        let me = viewer.accountID?.text ?? "-"
        // The limit is an Int rendered as text: nothing a caller sends reaches the SQL that way.
        return try await db.raw(
            """
            SELECT s.body,
              CASE WHEN s.visibility = 'shared' AND (\(Self.sharedWithMe(me, on: access.engine)))
                   THEN 1 ELSE 0 END AS shared_with_me
            \(Self.stickers(in: cells, box: box, access: access)) AND s.state <> 'deleted'
              AND (s.state = 'published' OR s.author_id = \(bind: me))\(unsafeRaw: limit.map { " LIMIT \($0)" } ?? "")
            """
        ).all().map { row in
            try candidate(
                body: try row.decode(column: "body", as: String.self),
                sharedWithMe: try row.decode(column: "shared_with_me", as: Int.self) != 0,
                viewer: viewer)
        }
    }

    /// A row for the rule to judge here; `sharedWithMe` says whether it is shared with this viewer.
    private static func candidate(body: String, sharedWithMe: Bool, viewer: Viewer) throws -> Candidate {
        let summary = try StoredStickerReader.summary(from: body) ?? StickerSummary(StoreJSON.sticker(body))
        return Candidate(
            id: summary.id, idText: summary.idText, version: summary.version, coordinate: summary.coordinate,
            audience: StickerAudience(
                author: summary.author, state: summary.state, visibility: summary.visibility, privateWorldmap: summary.privateWorldmap,
                expiresAt: summary.expiresAt, sharedWith: sharedWithMe ? [viewer.accountID!] : [], ageRestricted: summary.ageRestricted),
            body: body)
    }

    /// The columns of `stickers s` that ``audience(from:viewer:)`` reads, named once.
    static let audienceColumns: SQLQueryString = "s.author_id, s.state, s.visibility, s.private_worldmap_id, s.expires_at, s.age_restricted"

    /// What the visibility rule needs, from a row with ``audienceColumns`` and `shared_with_me` (``sharedWithMe(_:on:)``).
    static func audience(from row: any SQLRow, viewer: Viewer) throws -> StickerAudience {
        let shared = try row.decode(column: "shared_with_me", as: Int.self) != 0
        return StickerAudience(
            author: UUID(storedText: try row.decode(column: "author_id", as: String.self)).map(Account.ID.init) ?? Account.ID(),
            state: StickerState(rawValue: try row.decode(column: "state", as: String.self)) ?? .deleted,
            visibility: Visibility(rawValue: try row.decode(column: "visibility", as: String.self)) ?? .private,
            privateWorldmap: try row.decode(column: "private_worldmap_id", as: String?.self).flatMap(Worldmap.ID.init),
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map { date(millis: $0) },
            sharedWith: shared ? [viewer.accountID!] : [],
            ageRestricted: try row.decode(column: "age_restricted", as: Int.self) != 0)
    }

    /// `FROM stickers s WHERE …` for the rows in `cells`, narrowed to `box` when there is one.
    ///
    /// A small box spans few cells and longitude strips: the search probes the spatial order
    /// once per (cell, strip) pair, reading only the box's latitude band. The pairs are joined from
    /// a VALUES list (CROSS JOIN keeps them outer on SQLite) rather than written as
    /// `cell IN (…) AND strip IN (…)`: SQLite's statistics average a few rows per cell over the
    /// whole world, so for the IN form it often chose to read dense cities' cells whole.
    ///
    /// A box too wide for strips (a kilometre where stickers are sparse) covers hundreds of cells,
    /// but a latitude band's cells are consecutive ids (``CellID``: row, then column), so it reads
    /// one id range per band instead of probing every cell: an OR of ranges on PostgreSQL (a bitmap
    /// OR; joined from VALUES its planner sometimes scanned the table), joined from VALUES on SQLite
    /// (which reads an OR of ranges on a partial index by scanning all of it).
    ///
    /// Reading rows on SQLite (``SpatialAccess/placeKeys``) turns each probe into one range of the
    /// table's own key (``StickerPlaceKey``), whose rows lie side by side.
    private static func stickers(in cells: [CellID], box: SearchBox?, access: SpatialAccess) -> SQLQueryString {
        let strips = box?.longitudes.flatMap(LongitudeStrip.covering)
        var sql: SQLQueryString
        if access == .placeKeys {
            let ranges: [SQLQueryString] = placeKeyRanges(in: cells, latitudes: box?.latitudes, strips: strips).map { keys, cells in
                "(\(bind: keys.lowerBound), \(bind: keys.upperBound), \(bind: Int64(bitPattern: cells.lowerBound.rawValue)), \(bind: Int64(bitPattern: cells.upperBound.rawValue)))"
            }
            guard !ranges.isEmpty else { return "FROM stickers s WHERE 0" }  // no range can hold a row
            // The unary `+` keeps SQLite from reading by the `stickers_by_spot` index instead, row by row;
            // the cell condition keeps a strip shared by two cells from being read twice.
            sql = """
                FROM (VALUES \(ranges.joined(separator: ", "))) k CROSS JOIN stickers s
                WHERE s.place_key BETWEEN k.column1 AND k.column2 AND +s.cell BETWEEN k.column3 AND k.column4
                """
        } else if let strips {
            let pairs: [SQLQueryString] = cells.flatMap { cell in
                strips.map { "(\(bind: Int64(bitPattern: cell.rawValue)), \(bind: $0))" }
            }
            sql = "FROM (VALUES \(pairs.joined(separator: ", "))) k CROSS JOIN stickers s WHERE s.cell = k.column1 AND s.strip = k.column2"
        } else if access == .sqliteIndex {
            let runs: [SQLQueryString] = CellID.runs(cells).map { run in
                "(\(bind: Int64(bitPattern: run.lowerBound.rawValue)), \(bind: Int64(bitPattern: run.upperBound.rawValue)))"
            }
            sql = "FROM (VALUES \(runs.joined(separator: ", "))) k CROSS JOIN stickers s WHERE s.cell BETWEEN k.column1 AND k.column2"
        } else {
            let runs: [SQLQueryString] = CellID.runs(cells).map { run in
                "s.cell BETWEEN \(bind: Int64(bitPattern: run.lowerBound.rawValue)) AND \(bind: Int64(bitPattern: run.upperBound.rawValue))"
            }
            sql = "FROM stickers s WHERE (\(runs.joined(separator: " OR ")))"
        }
        guard let box else { return sql }
        return sql + " AND \(within(box))"
    }

    /// SQL true when row `s` lies in `box`.
    private static func within(_ box: SearchBox) -> SQLQueryString {
        let latitudes: SQLQueryString = "s.latitude BETWEEN \(bind: box.latitudes.lowerBound) AND \(bind: box.latitudes.upperBound)"
        guard let lon = box.longitudes else { return latitudes }
        return latitudes + " AND s.longitude BETWEEN \(bind: lon.lowerBound) AND \(bind: lon.upperBound)"
    }

    /// The place-key ranges that hold the rows of `cells`: per (cell, strip) pair narrowed to `latitudes`
    /// when there are strips, else per run of cells, all of each run's strips and its band's latitudes.
    private static func placeKeyRanges(
        in cells: [CellID], latitudes: ClosedRange<Double>?, strips: [Int64]?
    ) -> [(keys: ClosedRange<Int64>, cells: ClosedRange<CellID>)] {
        // The strips under a run of cells, and one past either edge in case a boundary rounds the other way.
        func stripSpan(_ first: CellID, _ last: CellID) -> ClosedRange<Int64> {
            max(
                0, LongitudeStrip.of(longitude: CellGrid.bounds(of: first).west) - 1)...(LongitudeStrip.of(
                    longitude: CellGrid.bounds(of: last).east) + 1)
        }
        guard let strips, let latitudes else {
            return CellID.runs(cells).map { run in
                (StickerPlaceKey.range(row: run.lowerBound.row, strips: stripSpan(run.lowerBound, run.upperBound)), run)
            }
        }
        return cells.flatMap { cell in
            let inCell = stripSpan(cell, cell)
            return strips.filter(inCell.contains).map {
                (StickerPlaceKey.range(row: cell.row, strip: $0, latitudes: latitudes), cell...cell)
            }
        }
    }

    /// How many living stickers lie in the box around the circle of radius `r`, on the index alone;
    /// with a `bound`, counted only up to one more than it (where a wide disc takes in a city, counting
    /// all of it would cost more than the search).
    private static func count(
        within r: Double, of center: Coordinate, access: SpatialAccess, upTo bound: Int? = nil, on db: any SQLDatabase
    ) async throws -> Int {
        let cells = try CellGrid.cover(center: center, radius: r)
        guard !cells.isEmpty else { return 0 }
        let box = Self.box(around: center, radius: r)
        // Bounds are Ints written into the text, as every limit here is.
        let sql: SQLQueryString
        switch (bound, access) {
        case (nil, _):
            sql = "SELECT COUNT(*) AS n \(Self.stickers(in: cells, box: box, access: access)) AND s.state <> 'deleted'"
        case (let bound?, .postgresIndex):
            // Told of a bound, PostgreSQL's planner scanned the whole spot index with the cells as a
            // filter (51 ms for a 1 km disc in Helsinki): probe each run of cells by the index, bounded.
            let n = String(bound + 1)
            let runs: [SQLQueryString] = CellID.runs(cells).map {
                "(\(bind: Int64(bitPattern: $0.lowerBound.rawValue)), \(bind: Int64(bitPattern: $0.upperBound.rawValue)))"
            }
            let probe: SQLQueryString =
                "SELECT 1 FROM stickers s WHERE s.cell BETWEEN k.lo AND k.hi AND s.state <> 'deleted' AND \(within(box))"
            sql = """
                SELECT COUNT(*) AS n FROM (SELECT 1 FROM (VALUES \(runs.joined(separator: ", "))) k(lo, hi)
                  CROSS JOIN LATERAL (\(probe) LIMIT \(unsafeRaw: n)) e LIMIT \(unsafeRaw: n)) AS bounded
                """
        case (let bound?, _):
            let living: SQLQueryString = "\(Self.stickers(in: cells, box: box, access: access)) AND s.state <> 'deleted'"
            sql = "SELECT COUNT(*) AS n FROM (SELECT 1 \(living) LIMIT \(unsafeRaw: String(bound + 1))) AS bounded"
        }
        return try await db.raw(sql).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// The full sticker: from the cache when it holds this version, else decoded from the body (and cached).
    func sticker(from c: Candidate) throws -> Sticker {
        if let s = store.bodyCache.sticker(c.id, version: c.version) { return s }
        let s = try StoreJSON.sticker(c.body)
        store.bodyCache.insert(s)
        return s
    }
}

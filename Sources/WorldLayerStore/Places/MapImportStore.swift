import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// What an import changed.
public struct MapImportSummary: Sendable, Equatable, Codable {
    public var walkways: Int
    public var places: Int
    public var buildings: Int
    /// Rows inside the file's area that the file no longer has.
    public var removedWalkways: Int
    public var removedPlaces: Int
    public var removedBuildings: Int
}

/// Which generation of the walking network and of the places a server has loaded.
public struct MapVersions: Sendable, Equatable {
    public var network: Int64
    public var places: Int64
}

extension PlaceStore {
    /// Writes an import in one transaction: walkways and places are updated in place by OSM
    /// id, and what lies inside `bounds` but is gone from the file is removed — except places
    /// an admin has edited, which are kept. Admin edits are stored apart and never overwritten.
    public func importMap(
        walkways: [Walkway], places: [Place], buildings: [Building], bounds: (south: Double, west: Double, north: Double, east: Double)?,
        now: Date? = nil, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> MapImportSummary {
        let now = now ?? clock.now()
        let importID = UUID().text
        let total = walkways.count + places.count + buildings.count
        return try await transaction { db in
            try await Self.upsertByBox(walkways, into: "walkways", importID: importID, on: db, points: \.coordinates) { done in
                progress(done, total)
            }
            try await Self.upsertByBox(buildings, into: "buildings", importID: importID, on: db, points: \.outline) { done in
                progress(walkways.count + done, total)
            }
            for (n, chunk) in places.chunked(200).enumerated() {
                try await db.raw(
                    """
                    INSERT INTO places (id, source, body, latitude, longitude, cell, import_id, updated_at) VALUES \(SQLList(try chunk.map { p in
                        SQLQueryString("(\(bind: p.id.text), \(bind: p.source), \(bind: try StoreJSON.string(p)), \(bind: p.position.latitude), \(bind: p.position.longitude), \(bind: Self.cellColumn(p.position)), \(bind: importID), \(bind: millis(now)))")
                    }))
                    ON CONFLICT (source) DO UPDATE SET body = excluded.body, import_id = excluded.import_id, updated_at = excluded.updated_at,
                      latitude = CASE WHEN places.position_edited = 1 THEN places.latitude ELSE excluded.latitude END,
                      longitude = CASE WHEN places.position_edited = 1 THEN places.longitude ELSE excluded.longitude END,
                      cell = CASE WHEN places.position_edited = 1 THEN places.cell ELSE excluded.cell END
                    """
                ).run()
                progress(walkways.count + buildings.count + min(places.count, (n + 1) * 200), total)
            }
            var removedWalkways = 0, removedPlaces = 0, removedBuildings = 0
            if let b = bounds {
                let inside: SQLQueryString =
                    "south >= \(bind: b.south) AND north <= \(bind: b.north) AND west >= \(bind: b.west) AND east <= \(bind: b.east)"
                func removeStale(from table: String) async throws -> Int {
                    let stale: SQLQueryString = "FROM \(ident: table) WHERE \(inside) AND import_id <> \(bind: importID)"
                    let removed = try await Self.count(db, "SELECT COUNT(*) AS n \(stale)")
                    try await db.raw("DELETE \(stale)").run()
                    return removed
                }
                removedWalkways = try await removeStale(from: "walkways")
                removedBuildings = try await removeStale(from: "buildings")
                let gone: SQLQueryString = """
                    source LIKE 'osm:%' AND edit IS NULL AND import_id <> \(bind: importID)
                    AND latitude BETWEEN \(bind: b.south) AND \(bind: b.north) AND longitude BETWEEN \(bind: b.west) AND \(bind: b.east)
                    """
                removedPlaces = try await Self.count(db, "SELECT COUNT(*) AS n FROM places WHERE \(gone)")
                try await db.raw("DELETE FROM places WHERE \(gone)").run()
            }
            try await db.raw("UPDATE map_versions SET version = version + 1").run()
            return MapImportSummary(
                walkways: walkways.count, places: places.count, buildings: buildings.count, removedWalkways: removedWalkways,
                removedPlaces: removedPlaces, removedBuildings: removedBuildings)
        }
    }

    /// Inserts or updates OSM ways (walkways, buildings) by id, with the bounding box of their points, 200 to a statement.
    private static func upsertByBox<Way: Encodable & Identifiable>(
        _ ways: [Way], into table: String, importID: String, on db: any SQLDatabase, points: KeyPath<Way, [Coordinate]>,
        progress: (Int) -> Void
    ) async throws where Way.ID == Int64 {
        for (n, chunk) in ways.chunked(200).enumerated() {
            try await db.raw(
                """
                INSERT INTO \(ident: table) (id, body, south, west, north, east, import_id) VALUES \(SQLList(try chunk.map { w in
                    let lats = w[keyPath: points].map(\.latitude), lons = w[keyPath: points].map(\.longitude)
                    return SQLQueryString("(\(bind: w.id), \(bind: try StoreJSON.string(w)), \(bind: lats.min()!), \(bind: lons.min()!), \(bind: lats.max()!), \(bind: lons.max()!), \(bind: importID))")
                }))
                ON CONFLICT (id) DO UPDATE SET body = excluded.body, south = excluded.south, west = excluded.west,
                  north = excluded.north, east = excluded.east, import_id = excluded.import_id
                """
            ).run()
            progress(min(ways.count, (n + 1) * 200))
        }
    }

    /// Buildings whose bounding boxes meet the box, at most `limit` of them.
    public func buildings(south: Double, west: Double, north: Double, east: Double, limit: Int) async throws -> [Building] {
        try await withConnection { db in
            try await db.raw(
                """
                SELECT body FROM buildings
                WHERE south <= \(bind: north) AND north >= \(bind: south) AND west <= \(bind: east) AND east >= \(bind: west)
                ORDER BY id LIMIT \(bind: limit)
                """
            ).all().map { try StoreJSON.decode(Building.self, try $0.decode(column: "body", as: String.self)) }
        }
    }

    public func mapVersions() async throws -> MapVersions {
        try await withConnection { db in
            var v = MapVersions(network: 0, places: 0)
            for row in try await db.raw("SELECT name, version FROM map_versions").all() {
                let n = try row.decode(column: "version", as: Int64.self)
                switch try row.decode(column: "name", as: String.self) {
                case "network": v.network = n
                case "places": v.places = n
                default: break
                }
            }
            return v
        }
    }

    /// Every walkway (the router is built from them all).
    public func walkways() async throws -> [Walkway] {
        try await withConnection { db in
            try await db.raw("SELECT body FROM walkways ORDER BY id").all().map {
                try StoreJSON.decode(Walkway.self, try $0.decode(column: "body", as: String.self))
            }
        }
    }

    static func cellColumn(_ c: Coordinate) -> Int64 { Int64(bitPattern: CellGrid.cell(containing: c).rawValue) }

    static func count(_ db: any SQLDatabase, _ sql: SQLQueryString) async throws -> Int {
        try await db.raw(sql).first()?.decode(column: "n", as: Int.self) ?? 0
    }
}

extension Array {
    /// The array in consecutive pieces of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

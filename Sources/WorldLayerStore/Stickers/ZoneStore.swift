import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// Restricted zones, where stickers may not be placed.
public struct ZoneStore: StoreAggregate {
    let store: Store
}

extension ZoneStore {
    /// Adds a zone, or replaces the one with the same `source` (a re-import).
    /// Returns whether it was new.
    @discardableResult
    public func putZone(_ zone: RestrictedZone, now: Date? = nil) async throws -> Bool {
        let now = now ?? clock.now()
        return try await transaction { db in try await Self.putZone(zone, on: db, now: now) }
    }

    /// Adds many zones in one transaction; returns how many were new.
    public func putZones(_ zones: [RestrictedZone], now: Date? = nil) async throws -> Int {
        let now = now ?? clock.now()
        return try await transaction { db in
            var added = 0
            for zone in zones where try await Self.putZone(zone, on: db, now: now) { added += 1 }
            return added
        }
    }

    private static func putZone(_ zone: RestrictedZone, on db: any SQLDatabase, now: Date) async throws -> Bool {
        var id = zone.id
        // A re-import replaces the zone from the same source in place, keeping its id.
        if let source = zone.source, let row = try await db.raw("SELECT id FROM restricted_zones WHERE source = \(bind: source)").first() {
            id = RestrictedZone.ID(try row.decode(column: "id", as: String.self)) ?? id
            try await db.raw("DELETE FROM restricted_zones WHERE id = \(bind: id.text)").run()
        }
        let b = zone.polygon.bounds
        try await db.raw(
            """
            INSERT INTO restricted_zones (id, name, kind, source, south, west, north, east, polygon, created_at)
            VALUES (\(bind: id.text), \(bind: zone.name), \(bind: zone.kind), \(bind: zone.source), \(bind: b.south), \(bind: b.west),
                    \(bind: b.north), \(bind: b.east), \(bind: try StoreJSON.string(zone.polygon)), \(bind: millis(now)))
            """
        ).run()
        return id == zone.id
    }

    public func list() async throws -> [RestrictedZone] {
        try await withConnection { db in
            try await db.raw("SELECT id, name, kind, source, polygon FROM restricted_zones ORDER BY name, id").all().map(Self.zone(from:))
        }
    }

    @discardableResult
    public func delete(id: RestrictedZone.ID) async throws -> Bool {
        try await transaction { db in
            let exists = try await db.raw("SELECT id FROM restricted_zones WHERE id = \(bind: id.text)").first() != nil
            try await db.raw("DELETE FROM restricted_zones WHERE id = \(bind: id.text)").run()
            return exists
        }
    }

    /// The zone a point falls in, if any: what the placing form tells a person before they write a sticker there.
    public func zone(at p: Coordinate) async throws -> RestrictedZone? {
        try await withConnection { db in try await Self.zone(containing: p, on: db) }
    }

    /// The zone a point falls in, if any.
    static func zone(containing p: Coordinate, on db: any SQLDatabase) async throws -> RestrictedZone? {
        try await db.raw(
            """
            SELECT id, name, kind, source, polygon FROM restricted_zones
            WHERE south <= \(bind: p.latitude) AND north >= \(bind: p.latitude) AND west <= \(bind: p.longitude) AND east >= \(bind: p.longitude)
            """
        ).all().map(zone(from:)).first { $0.polygon.contains(p) }
    }

    static func zone(from row: any SQLRow) throws -> RestrictedZone {
        RestrictedZone(
            id: try row.decodeID(column: "id"),
            name: try row.decode(column: "name", as: String.self),
            kind: try row.decode(column: "kind", as: String.self), source: try row.decode(column: "source", as: String?.self),
            polygon: try StoreJSON.decode(GeoPolygon.self, try row.decode(column: "polygon", as: String.self)))
    }
}

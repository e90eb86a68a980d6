import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

/// A photo's bytes and type, as stored.
public struct PlacePhotoData: Sendable {
    public var photo: PlacePhoto
    public var blobID: String
}

/// Places, buildings and walkways from map imports.
public struct PlaceStore: StoreAggregate {
    let store: Store
}

extension PlaceStore {
    /// Every place, with edits applied (for the search index; a city's places fit in memory).
    public func all() async throws -> [Place] {
        try await withConnection { db in
            try await Self.places(db, "SELECT id, body, edit FROM places ORDER BY id", photos: false)
        }
    }

    public func place(id: Place.ID) async throws -> Place? {
        try await withConnection { db in
            try await Self.places(db, "SELECT id, body, edit FROM places WHERE id = \(bind: id.text)", photos: true).first
        }
    }

    public func places(ids: [Place.ID]) async throws -> [Place] {
        guard !ids.isEmpty else { return [] }
        return try await withConnection { db in
            let found = try await Self.places(
                db, "SELECT id, body, edit FROM places WHERE id IN (\(SQLList(ids.map { SQLBind($0.text) })))", photos: true)
            let order = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            return found.sorted { order[$0.id]! < order[$1.id]! }
        }
    }

    /// Places within `radius` metres (at most the cell cover's limit), nearest first.
    public func places(near center: Coordinate, radius: Double, limit: Int) async throws -> [(place: Place, line: GeodesicLine)] {
        let cells = try CellGrid.cover(center: center, radius: radius)
        return try await withConnection { db in
            var found: [(Place, GeodesicLine)] = []
            for chunk in cells.chunked(500) {
                let rows = try await Self.places(
                    db,
                    "SELECT id, body, edit FROM places WHERE cell IN (\(SQLList(chunk.map { SQLBind(Int64(bitPattern: $0.rawValue)) })))",
                    photos: false)
                for p in rows {
                    let line = Geodesic.wgs84.inverse(center, p.position)
                    if line.distance <= radius { found.append((p, line)) }
                }
            }
            found.sort { ($0.1.distance, $0.0.id.uuid.uuidString) < ($1.1.distance, $1.0.id.uuid.uuidString) }
            return Array(found.prefix(limit))
        }
    }

    /// Adds a place an admin describes (not from OSM).
    public func create(_ place: Place, now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in
            try await db.raw(
                """
                INSERT INTO places (id, source, body, latitude, longitude, cell, updated_at)
                VALUES (\(bind: place.id.text), \(bind: place.source), \(bind: try StoreJSON.string(place)), \(bind: place.position.latitude),
                        \(bind: place.position.longitude), \(bind: Self.cellColumn(place.position)), \(bind: millis(now)))
                """
            ).run()
            try await Self.bumpPlaces(db)
        }
    }

    /// Lays an admin's edit over a place; later edits win field by field. Nil when there is no such place.
    public func edit(id: Place.ID, _ edit: PlaceEdit, now: Date? = nil) async throws -> Place? {
        let now = now ?? clock.now()
        let changed: Bool = try await transaction { db in
            guard let row = try await db.raw("SELECT edit FROM places WHERE id = \(bind: id.text)").first() else { return false }
            let before = try row.decode(column: "edit", as: String?.self).map { try StoreJSON.decode(PlaceEdit.self, $0) } ?? PlaceEdit()
            let merged = before.merged(with: edit)
            var position: SQLQueryString = ""
            if let p = merged.position {
                position =
                    ", position_edited = 1, latitude = \(bind: p.latitude), longitude = \(bind: p.longitude), cell = \(bind: Self.cellColumn(p))"
            }
            try await db.raw(
                "UPDATE places SET edit = \(bind: try StoreJSON.string(merged)), updated_at = \(bind: millis(now))\(position) WHERE id = \(bind: id.text)"
            ).run()
            try await Self.bumpPlaces(db)
            return true
        }
        return changed ? try await place(id: id) : nil
    }

    /// Stores a photo of a place; nil when there is no such place.
    public func addPhoto(placeID: Place.ID, kind: PhotoKind, data: Data, contentType: String, now: Date? = nil) async throws
        -> PlacePhoto?
    {
        let now = now ?? clock.now()
        let id = PlacePhoto.ID()
        let added: Bool = try await transaction { db in
            guard try await db.raw("SELECT id FROM places WHERE id = \(bind: placeID.text)").first() != nil else { return false }
            let blob = try await BlobStore.putBlob(data, contentType: contentType, on: db, now: now)
            try await db.raw(
                """
                INSERT INTO place_photos (id, place_id, kind, blob_id, created_at)
                VALUES (\(bind: id.text), \(bind: placeID.text), \(bind: kind.rawValue), \(bind: blob), \(bind: millis(now)))
                """
            ).run()
            try await Self.bumpPlaces(db)
            return true
        }
        return added ? PlacePhoto(id: id, kind: kind, contentType: contentType, url: Self.photoURL(placeID, id)) : nil
    }

    /// The blob behind a photo of a place.
    public func photoBlob(placeID: Place.ID, photoID: PlacePhoto.ID) async throws -> String? {
        try await withConnection { db in
            try await db.raw("SELECT blob_id FROM place_photos WHERE id = \(bind: photoID.text) AND place_id = \(bind: placeID.text)")
                .first()?
                .decode(column: "blob_id", as: String.self)
        }
    }

    static func photoURL(_ place: Place.ID, _ photo: PlacePhoto.ID) -> String { "/v1/places/\(place.text)/photos/\(photo.text)" }

    static func bumpPlaces(_ db: any SQLDatabase) async throws {
        try await db.raw("UPDATE map_versions SET version = version + 1 WHERE name = 'places'").run()
    }

    private static func places(_ db: any SQLDatabase, _ sql: SQLQueryString, photos: Bool) async throws -> [Place] {
        var places = try await db.raw(sql).all().map { row in
            var p = try StoreJSON.decode(Place.self, try row.decode(column: "body", as: String.self))
            p.id = UUID(storedText: try row.decode(column: "id", as: String.self)).map(Place.ID.init) ?? p.id
            if let edit = try row.decode(column: "edit", as: String?.self) { p = p.applying(try StoreJSON.decode(PlaceEdit.self, edit)) }
            return p
        }
        guard photos, !places.isEmpty else { return places }
        let rows = try await db.raw(
            """
            SELECT f.id, f.place_id, f.kind, b.content_type FROM place_photos f JOIN blobs b ON b.id = f.blob_id
            WHERE f.place_id IN (\(SQLList(places.map { SQLBind($0.id.text) }))) ORDER BY f.created_at, f.id
            """
        ).all()
        var byPlace: [Place.ID: [PlacePhoto]] = [:]
        for row in rows {
            guard let place = UUID(storedText: try row.decode(column: "place_id", as: String.self)).map(Place.ID.init),
                let id = UUID(storedText: try row.decode(column: "id", as: String.self)).map(PlacePhoto.ID.init)
            else { continue }
            byPlace[place, default: []].append(
                PlacePhoto(
                    id: id, kind: PhotoKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .exterior,
                    contentType: try row.decode(column: "content_type", as: String.self), url: photoURL(place, id)))
        }
        let plans = try await floorPlans(of: places.map(\.id), on: db)
        for i in places.indices {
            places[i].photos = byPlace[places[i].id] ?? []
            places[i].floorPlans = plans[places[i].id]
        }
        return places
    }
}

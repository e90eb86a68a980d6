import Foundation
import SQLKit
import WorldLayerCore

extension PlaceStore {
    /// Sets the plan of one level of a place (replacing the one it had); nil when there is no such place.
    public func putFloorPlan(placeID: Place.ID, level: String, data: Data, contentType: String, now: Date? = nil) async throws
        -> FloorPlan?
    {
        let now = now ?? clock.now()
        let stored: Bool = try await transaction { db in
            guard try await db.raw("SELECT id FROM places WHERE id = \(bind: placeID.text)").first() != nil else { return false }
            let blob = try await BlobStore.putBlob(data, contentType: contentType, on: db, now: now)
            try await db.raw("DELETE FROM floor_plans WHERE place_id = \(bind: placeID.text) AND level = \(bind: level)").run()
            try await db.raw(
                """
                INSERT INTO floor_plans (place_id, level, blob_id, content_type, created_at)
                VALUES (\(bind: placeID.text), \(bind: level), \(bind: blob), \(bind: contentType), \(bind: millis(now)))
                """
            ).run()
            try await BlobStore.deleteOrphanBlobs(on: db)  // the plan it replaced
            try await Self.bumpPlaces(db)
            return true
        }
        return stored ? FloorPlan(level: level, contentType: contentType, url: Self.floorPlanURL(placeID, level)) : nil
    }

    /// Removes a level's plan; false when it had none.
    public func deleteFloorPlan(placeID: Place.ID, level: String) async throws -> Bool {
        try await transaction { db in
            let (place, level) = (placeID.text, level)
            guard
                try await db.raw("SELECT level FROM floor_plans WHERE place_id = \(bind: place) AND level = \(bind: level)").first() != nil
            else { return false }
            try await db.raw("DELETE FROM floor_plans WHERE place_id = \(bind: place) AND level = \(bind: level)").run()
            try await BlobStore.deleteOrphanBlobs(on: db)
            try await Self.bumpPlaces(db)
            return true
        }
    }

    /// The blob behind a level's plan, and the plan's type.
    public func floorPlanBlob(placeID: Place.ID, level: String) async throws -> (blob: String, contentType: String)? {
        try await withConnection { db in
            try await db.raw(
                "SELECT blob_id, content_type FROM floor_plans WHERE place_id = \(bind: placeID.text) AND level = \(bind: level)"
            ).first().map { (try $0.decode(column: "blob_id", as: String.self), try $0.decode(column: "content_type", as: String.self)) }
        }
    }

    static func floorPlanURL(_ place: Place.ID, _ level: String) -> String {
        "/v1/places/\(place.text)/plans/\(level.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? level)"
    }

    /// Each place's plans, lowest level first.
    static func floorPlans(of places: [Place.ID], on db: any SQLDatabase) async throws -> [Place.ID: [FloorPlan]] {
        guard !places.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT f.place_id, f.level, f.content_type FROM floor_plans f
            WHERE f.place_id IN (\(SQLList(places.map { SQLBind($0.text) })))
            """
        ).all()
        var byPlace: [Place.ID: [FloorPlan]] = [:]
        for row in rows {
            guard let place = UUID(storedText: try row.decode(column: "place_id", as: String.self)).map(Place.ID.init) else { continue }
            let level = try row.decode(column: "level", as: String.self)
            byPlace[place, default: []].append(
                FloorPlan(
                    level: level, contentType: try row.decode(column: "content_type", as: String.self), url: floorPlanURL(place, level)))
        }
        return byPlace.mapValues(FloorPlan.ordered)
    }
}

import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// Places at the store, on both engines: found nearest first within a radius, and an admin's edits
/// laid over the imported place field by field, a moved place found where it now is.
@Suite("Places in the store")
struct PlaceStoreTests {
    static let centre = Coordinate(latitude: 60.1699, longitude: 24.9384)

    static func place(_ name: String, metresNorth north: Double) -> Place {
        let id = Place.ID()
        return Place(
            id: id, name: name, kind: "cafe", position: Geodesic.wgs84.direct(from: centre, azimuth: 0, distance: north).coordinate,
            source: "admin:\(id.text)", updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("nearest first within the radius; an edit wins field by field and moves the place", arguments: ScratchDatabase.engines)
    func nearbyAndEdits(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let near = Self.place("Kahvila", metresNorth: 40)
        let nearer = Self.place("Kioski", metresNorth: 10)
        let far = Self.place("Far", metresNorth: 900)
        for p in [near, nearer, far] { try await store.places.create(p) }
        #expect(try await store.places.places(near: Self.centre, radius: 100, limit: 10).map(\.place.id) == [nearer.id, near.id])
        #expect(try await store.places.places(near: Self.centre, radius: 100, limit: 1).map(\.place.id) == [nearer.id])

        _ = try await store.places.edit(id: near.id, PlaceEdit(name: "Kahvila Helmi"))
        let moved = Geodesic.wgs84.direct(from: Self.centre, azimuth: 90, distance: 600).coordinate
        let edited = try #require(try await store.places.edit(id: near.id, PlaceEdit(position: moved, openingHours: "Mo-Fr 08:00-16:00")))
        #expect(edited.name == "Kahvila Helmi" && edited.openingHours == "Mo-Fr 08:00-16:00" && edited.kind == "cafe")
        #expect(try await store.places.places(near: Self.centre, radius: 100, limit: 10).map(\.place.id) == [nearer.id])
        #expect(try await store.places.places(near: moved, radius: 20, limit: 10).map(\.place.id) == [near.id])
        #expect(try await store.places.edit(id: Place.ID(), PlaceEdit(name: "nobody")) == nil)
        #expect(try await store.places.places(ids: [far.id, nearer.id]).map(\.id) == [far.id, nearer.id])
        try await store.close()
    }
}

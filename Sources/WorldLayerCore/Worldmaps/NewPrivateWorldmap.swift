import Foundation
import WorldLayerGeo

/// Someone's request for a private worldmap where they stand: a client-made id (a retry is the same
/// map), its name, and the position whose cell it covers.
public struct NewPrivateWorldmap: Sendable, Codable {
    public var id: Worldmap.ID?
    public var name: String
    public var latitude: Double
    public var longitude: Double

    public init(id: Worldmap.ID? = nil, name: String, latitude: Double, longitude: Double) {
        (self.id, self.name, self.latitude, self.longitude) = (id, name, latitude, longitude)
    }

    /// The name as kept (trimmed).
    public var trimmedName: String { name.trimmingCharacters(in: .whitespacesAndNewlines) }
    public var position: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    public var problems: [FieldError] {
        var problems: [FieldError] = []
        if !(1...60).contains(trimmedName.count) { problems.append(FieldError("name", "must be 1 to 60 characters")) }
        if !position.isOnEarth { problems.append(FieldError("latitude", "and longitude must be a valid position")) }
        return problems
    }
}

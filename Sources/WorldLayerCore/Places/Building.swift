import Foundation
import WorldLayerGeo

/// A building's outline as imported from OpenStreetMap (a closed way tagged `building`), which
/// a map without tiles draws so that streets have their blocks around them.
public struct Building: Codable, Sendable, Equatable, Identifiable {
    /// The OSM way id.
    public var id: Int64
    public var name: String?
    /// OSM's `building` value (yes, apartments, church…).
    public var kind: String
    /// The closed ring, first point repeated last.
    public var outline: [Coordinate]
    /// `building:levels` when the way has a whole number there.
    public var levels: Int?

    public init(id: Int64, name: String?, kind: String, outline: [Coordinate], levels: Int? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.outline = outline
        self.levels = levels
    }
}

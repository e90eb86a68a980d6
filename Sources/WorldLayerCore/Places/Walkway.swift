import Foundation
import WorldLayerGeo

/// A way people may walk along, as imported from OpenStreetMap: the routing graph is
/// built from these.
public struct Walkway: Codable, Sendable, Equatable {
    /// The OSM way id.
    public var id: Int64
    public var name: String?
    /// OSM's `highway` value (footway, steps, residential…), which steps describe.
    public var highway: String
    /// OSM node ids, in order; shared ids are where ways meet.
    public var nodes: [Int64]
    public var coordinates: [Coordinate]

    public init(id: Int64, name: String?, highway: String, nodes: [Int64], coordinates: [Coordinate]) {
        self.id = id
        self.name = name
        self.highway = highway
        self.nodes = nodes
        self.coordinates = coordinates
    }
}

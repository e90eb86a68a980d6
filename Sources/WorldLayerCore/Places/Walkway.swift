import Foundation
import WorldLayerGeo

/// A way people may walk along, as imported from OpenStreetMap: the routing graph is
/// built from these.
public struct Walkway: Codable, Sendable, Equatable, Identifiable {
    /// The OSM way id.
    public var id: Int64
    public var name: String?
    /// OSM's `highway` value (footway, steps, residential…), which steps describe.
    public var highway: String
    /// OSM node ids, in order; shared ids are where ways meet.
    public var nodes: [Int64]
    public var coordinates: [Coordinate]
    /// Under ground (`tunnel=*` or a negative `layer`): a point pressed on the map snaps to the surface first.
    public var underground: Bool?
    /// OSM's `surface` when it is loose (gravel, sand, mud, pebbles): slower on foot, hard with a pram or a wheelchair.
    public var looseSurface: String?

    public init(
        id: Int64, name: String?, highway: String, nodes: [Int64], coordinates: [Coordinate], underground: Bool? = nil,
        looseSurface: String? = nil
    ) {
        self.id = id
        self.name = name
        self.highway = highway
        self.nodes = nodes
        self.coordinates = coordinates
        self.underground = underground
        self.looseSurface = looseSurface
    }
}

import Foundation

/// An OpenStreetMap element as read from a file, with its tags.
public enum OSMElement: Sendable {
    case node(OSMNode)
    case way(OSMWay)
    case relation(OSMRelation)
}

public struct OSMNode: Sendable, Hashable {
    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var tags: [String: String]
}

public struct OSMWay: Sendable, Hashable {
    public var id: Int64
    /// Node ids in order; a closed way repeats its first node at the end.
    public var nodes: [Int64]
    public var tags: [String: String]

    public var isClosed: Bool { nodes.count >= 4 && nodes.first == nodes.last }
}

public struct OSMRelation: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public enum Kind: String, Sendable { case node, way, relation }
        public var kind: Kind
        public var ref: Int64
        public var role: String
    }

    public var id: Int64
    public var members: [Member]
    public var tags: [String: String]
}

/// Why a file could not be read; names where the problem is.
public struct OSMReadError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

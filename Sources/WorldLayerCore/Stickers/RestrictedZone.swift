import Foundation
import WorldLayerGeo

/// A place where no sticker may be placed: a cemetery, a memorial. Defined by admins,
/// or imported from OpenStreetMap (`source` is then `osm:way/123` and re-imports update it).
public struct RestrictedZone: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<RestrictedZone>

    public var id: ID
    public var name: String
    /// What it is, for example `cemetery` or `memorial`.
    public var kind: String
    public var source: String?
    public var polygon: GeoPolygon

    public init(id: ID = ID(), name: String, kind: String, source: String? = nil, polygon: GeoPolygon) {
        self.id = id
        self.name = name
        self.kind = kind
        self.source = source
        self.polygon = polygon
    }
}

/// Placement inside a restricted zone, naming it.
public struct RestrictedZoneViolation: Error, Sendable, Equatable {
    public var zone: String
    public var kind: String

    public init(zone: String, kind: String) {
        self.zone = zone
        self.kind = kind
    }
}

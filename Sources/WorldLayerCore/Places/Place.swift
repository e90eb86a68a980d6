import Foundation
import WorldLayerGeo

/// A named place people look for and walk to: a building, an amenity, a sight.
///
/// Places come from OpenStreetMap imports (`source` = `osm:way/123`) or from admins
/// (`source` = `admin`). Admin edits are kept apart from the imported values and laid over
/// them, so a re-import refreshes OSM's data without undoing an edit.
public struct Place: Codable, Sendable, Equatable {
    public typealias ID = TypedID<Place>

    public var id: ID
    public var name: String
    /// Other-language names by language code (`name:sv` → `sv`).
    public var names: [String: String]
    /// What it is, as `key:value` of its most telling OSM tag (`tourism:museum`, `amenity:cafe`, `building:church`).
    public var kind: String
    public var position: Coordinate
    /// The outline of a building or area, when it has one.
    public var footprint: [Coordinate]?
    public var description: String?
    public var openingHours: String?
    public var address: String?
    public var photos: [PlacePhoto]
    /// Plans of its levels (``FloorPlan``), lowest first; absent when it has none.
    public var floorPlans: [FloorPlan]?
    /// The OSM tags it was made from (empty for admin places).
    public var tags: [String: String]
    public var source: String
    public var updatedAt: Date

    public init(
        id: ID, name: String, names: [String: String] = [:], kind: String, position: Coordinate, footprint: [Coordinate]? = nil,
        description: String? = nil, openingHours: String? = nil, address: String? = nil, photos: [PlacePhoto] = [],
        tags: [String: String] = [:], source: String, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.kind = kind
        self.position = position
        self.footprint = footprint
        self.description = description
        self.openingHours = openingHours
        self.address = address
        self.photos = photos
        self.tags = tags
        self.source = source
        self.updatedAt = updatedAt
    }

    /// The same place with an admin's edit laid over it.
    public func applying(_ edit: PlaceEdit) -> Place {
        var p = self
        if let v = edit.name { p.name = v }
        if let v = edit.kind { p.kind = v }
        if let v = edit.position { p.position = v }
        if let v = edit.description { p.description = v }
        if let v = edit.openingHours { p.openingHours = v }
        if let v = edit.address { p.address = v }
        if let v = edit.names { p.names.merge(v) { _, new in new } }
        return p
    }
}

public enum PhotoKind: String, Codable, Sendable, CaseIterable {
    case interior, exterior
}

public struct PlacePhoto: Codable, Sendable, Equatable {
    public typealias ID = TypedID<PlacePhoto>

    public var id: ID
    public var kind: PhotoKind
    public var contentType: String
    public var url: String

    public init(id: ID, kind: PhotoKind, contentType: String, url: String) {
        self.id = id
        self.kind = kind
        self.contentType = contentType
        self.url = url
    }
}

/// What an admin changes on a place; nil fields keep the current value.
public struct PlaceEdit: Codable, Sendable, Equatable, Validatable {
    public var name: String?
    public var names: [String: String]?
    public var kind: String?
    public var position: Coordinate?
    public var description: String?
    public var openingHours: String?
    public var address: String?

    public init(
        name: String? = nil, names: [String: String]? = nil, kind: String? = nil, position: Coordinate? = nil,
        description: String? = nil, openingHours: String? = nil, address: String? = nil
    ) {
        self.name = name
        self.names = names
        self.kind = kind
        self.position = position
        self.description = description
        self.openingHours = openingHours
        self.address = address
    }

    /// Later values win field by field.
    public func merged(with newer: PlaceEdit) -> PlaceEdit {
        PlaceEdit(
            name: newer.name ?? name, names: newer.names.map { (names ?? [:]).merging($0) { _, n in n } } ?? names,
            kind: newer.kind ?? kind, position: newer.position ?? position, description: newer.description ?? description,
            openingHours: newer.openingHours ?? openingHours, address: newer.address ?? address)
    }

    /// Every problem with the edit (limits on lengths, a valid position).
    public func problems() -> [FieldError] {
        var problems: [FieldError] = []
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 200 {
            problems.append(FieldError("name", "must be 1–200 characters"))
        }
        if let kind, kind.isEmpty || kind.count > 80 { problems.append(FieldError("kind", "must be 1–80 characters")) }
        if let description, description.count > 10_000 { problems.append(FieldError("description", "must be at most 10,000 characters")) }
        if let openingHours, openingHours.count > 500 { problems.append(FieldError("openingHours", "must be at most 500 characters")) }
        if let address, address.count > 500 { problems.append(FieldError("address", "must be at most 500 characters")) }
        if let position, !(position.isOnEarth) {
            problems.append(FieldError("position", "must be a valid latitude and longitude"))
        }
        return problems
    }
}

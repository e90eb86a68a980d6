import Foundation

/// A ~100 m square of the world that stickers are placed in and devices relocalize in:
/// the public one of a cell (made with its first sticker), or a private one with members.
public struct Worldmap: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<Worldmap>

    public var id: ID
    public var isPrivate: Bool
    /// Text form of its cell.
    public var cell: String
    public var name: String
    public var ownerId: Account.ID?
    public var createdAt: Date

    public init(id: ID, isPrivate: Bool, cell: String, name: String, ownerId: Account.ID?, createdAt: Date) {
        self.id = id
        self.isPrivate = isPrivate
        self.cell = cell
        self.name = name
        self.ownerId = ownerId
        self.createdAt = createdAt
    }
}

/// The relocalization data a worldmap carries.
public enum WorldmapAssetKind: String, Sendable, Codable, CaseIterable {
    /// A photo of the place, so a person knows where to point the camera.
    case snapshot
    /// Opaque device data, for example an ARKit `ARWorldMap`.
    case deviceMap = "device-map"

    public var maximumBytes: Int {
        switch self {
        case .snapshot: 4 << 20
        case .deviceMap: 16 << 20
        }
    }
}

/// One uploaded version of a worldmap asset.
public struct WorldmapAsset: Sendable, Hashable, Codable {
    public var kind: WorldmapAssetKind
    public var version: Int
    /// SHA-256 of the bytes, also the HTTP ETag.
    public var etag: String
    public var contentType: String
    public var size: Int
    public var createdAt: Date

    public init(kind: WorldmapAssetKind, version: Int, etag: String, contentType: String, size: Int, createdAt: Date) {
        self.kind = kind
        self.version = version
        self.etag = etag
        self.contentType = contentType
        self.size = size
        self.createdAt = createdAt
    }
}

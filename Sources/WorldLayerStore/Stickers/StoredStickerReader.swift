import Foundation
import WorldLayerCore
import WorldLayerGeo

/// What a nearby search needs to know of a sticker before it knows whether the sticker makes
/// the page: who may see it, where it is, and which version the body is.
struct StickerSummary: Sendable, Equatable {
    var id: Sticker.ID
    /// The stored text form of the id, which orders ties.
    var idText: String
    var version: Int
    var author: Account.ID
    var state: StickerState
    var visibility: Visibility
    var privateWorldmap: Worldmap.ID?
    var expiresAt: Date?
    var coordinate: Coordinate
    var ageRestricted: Bool

    init(_ s: Sticker) {
        (id, idText, version, author, state, visibility) = (s.id, s.id.text, s.version, s.author.id, s.state, s.visibility)
        (privateWorldmap, expiresAt, coordinate) = (s.worldmapIsPrivate ? s.worldmapId : nil, s.expiresAt, s.anchor.coordinate)
        ageRestricted = s.isAgeRestricted
    }

    init(
        id: String, version: Int, author: Account.ID, state: StickerState, visibility: Visibility, privateWorldmap: Worldmap.ID?,
        expiresAt: Date?,
        coordinate: Coordinate, ageRestricted: Bool
    ) throws {
        guard let uuid = UUID(storedText: id) else { throw JSONScanner.Unexpected() }
        // Ties order by the lower-case form the cursor uses; bodies store that form already.
        let idText = id.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) } ? uuid.text : id
        (self.id, self.idText, self.version, self.author, self.state, self.visibility) = (
            Sticker.ID(uuid), idText, version, author, state, visibility
        )
        (self.privateWorldmap, self.expiresAt, self.coordinate) = (privateWorldmap, expiresAt, coordinate)
        self.ageRestricted = ageRestricted
    }
}

/// Reads stored sticker bodies (``StoreJSON``'s output) in one pass over their bytes.
///
/// A nearby page decodes up to 50 bodies, and `JSONDecoder` took about 18 µs for each (a
/// quarter of a query's time, measured with `perf`): its generic containers cost more than the
/// parsing. These readers walk the object and fill the fields directly. They return nil for
/// anything they do not expect (the caller then asks `JSONDecoder`, which also names the error),
/// so they can only be faster, never different: `StoredStickerReaderTests` checks them against
/// `JSONDecoder` on awkward stickers.
enum StoredStickerReader {
    static func sticker(from body: String) -> Sticker? {
        read(body) { try sticker(&$0) }
    }

    /// The summary alone, skipping text, tags and the rest without building them: the body is
    /// the sticker's one source of truth (its columns are written from it in the same statement),
    /// and reading two columns beats decoding eleven by name (a quarter of a PostgreSQL query's
    /// client time went to SQLKit's column decoding).
    static func summary(from body: String) -> StickerSummary? {
        read(body) { try summary(&$0) }
    }

    private static func read<T>(_ body: String, _ value: (inout JSONScanner) throws -> T) -> T? {
        var body = body
        return body.withUTF8 { buffer in
            var scanner = JSONScanner(buffer)
            guard let result = try? value(&scanner), scanner.atEnd() else { return nil }
            return result
        }
    }

    private static func summary(_ r: inout JSONScanner) throws -> StickerSummary {
        var id: String?, version: Int?, author: Account.ID?, state: StickerState?, visibility: Visibility?
        var worldmapId: Worldmap.ID?, worldmapIsPrivate: Bool?, expiresAt: Date?, anchor: StickerAnchor?
        var warnings: [ContentWarning]?
        try r.object { r, key in
            switch key {
            case "id": id = try r.string()
            case "version": version = try r.integer()
            case "author": author = try authorID(&r)
            case "state": state = StickerState(rawValue: try r.string())
            case "visibility": visibility = Visibility(rawValue: try r.string())
            case "worldmapId": worldmapId = Worldmap.ID(try r.uuid())
            case "worldmapIsPrivate": worldmapIsPrivate = try r.bool()
            case "expiresAt": expiresAt = try r.isNull() ? nil : r.date()
            case "anchor": anchor = try self.anchor(&r)
            case "contentWarnings": warnings = try contentWarnings(&r)
            default: try r.skipValue()
            }
        }
        guard let id, let version, let author, let state, let visibility, let worldmapId, let worldmapIsPrivate, let anchor
        else { throw JSONScanner.Unexpected() }
        return try StickerSummary(
            id: id, version: version, author: author, state: state, visibility: visibility,
            privateWorldmap: worldmapIsPrivate ? worldmapId : nil, expiresAt: expiresAt, coordinate: anchor.coordinate,
            ageRestricted: warnings?.contains(.ageRestricted) ?? false)
    }

    private static func sticker(_ r: inout JSONScanner) throws -> Sticker {
        var id: Sticker.ID?, author: StickerAuthor?, state: StickerState?, templateId: String?, text: String?, tags: [String]?
        var color: String?, size: Double?, orientation: Orientation?, anchor: StickerAnchor?, pose: [Double]?
        var visibility: Visibility?, sharedWith: [String]?, sharedWithGroups: [String]?, worldmapId: Worldmap.ID?
        var worldmapIsPrivate: Bool?, cell: String?, expiresAt: Date?, version: Int?, createdAt: Date?, updatedAt: Date?
        var warnings: [ContentWarning]?, media: StickerMedia?, link: String?
        try r.object { r, key in
            switch key {
            case "id": id = Sticker.ID(try r.uuid())
            case "author": author = try self.author(&r)
            case "state": state = StickerState(rawValue: try r.string())
            case "templateId": templateId = try r.string()
            case "text": text = try r.string()
            case "tags": tags = try r.strings()
            case "color": color = try r.string()
            case "size": size = try r.number()
            case "orientation":
                let q = try r.numbers()
                guard q.count == 4 else { throw JSONScanner.Unexpected() }
                orientation = Orientation(x: q[0], y: q[1], z: q[2], w: q[3])
            case "anchor": anchor = try self.anchor(&r)
            case "pose": pose = try r.isNull() ? nil : r.numbers()
            case "visibility": visibility = Visibility(rawValue: try r.string())
            case "sharedWith": sharedWith = try r.strings()
            case "sharedWithGroups": sharedWithGroups = try r.isNull() ? nil : r.strings()
            case "worldmapId": worldmapId = Worldmap.ID(try r.uuid())
            case "worldmapIsPrivate": worldmapIsPrivate = try r.bool()
            case "cell": cell = try r.string()
            case "expiresAt": expiresAt = try r.isNull() ? nil : r.date()
            case "version": version = try r.integer()
            case "createdAt": createdAt = try r.date()
            case "updatedAt": updatedAt = try r.date()
            case "contentWarnings": warnings = try contentWarnings(&r)
            case "media": media = try r.isNull() ? nil : self.media(&r)
            case "link": link = try r.isNull() ? nil : r.string()
            default: try r.skipValue()
            }
        }
        guard let id, let author, let state, let templateId, let text, let tags, let color, let size, let orientation, let anchor,
            let visibility, let sharedWith, let worldmapId, let worldmapIsPrivate, let cell, let version, let createdAt, let updatedAt
        else { throw JSONScanner.Unexpected() }
        let draft = StickerDraft(
            templateId: templateId, text: text, tags: tags, color: color, size: size, orientation: orientation, anchor: anchor, pose: pose,
            visibility: visibility, sharedWith: sharedWith, sharedWithGroups: sharedWithGroups, expiresAt: expiresAt,
            contentWarnings: warnings, media: media, link: link)
        return Sticker(
            id: id, author: author, state: state, draft: draft, worldmapId: worldmapId, worldmapIsPrivate: worldmapIsPrivate, cell: cell,
            version: version, createdAt: createdAt, updatedAt: updatedAt)
    }

    private static func contentWarnings(_ r: inout JSONScanner) throws -> [ContentWarning]? {
        guard !(try r.isNull()) else { return nil }
        return try r.strings().map { try ContentWarning(rawValue: $0) ?? { throw JSONScanner.Unexpected() }() }
    }

    private static func media(_ r: inout JSONScanner) throws -> StickerMedia {
        var id: String?, contentType: String?, duration: Double?
        try r.object { r, key in
            switch key {
            case "id": id = try r.string()
            case "contentType": contentType = try r.isNull() ? nil : r.string()
            case "duration": duration = try r.isNull() ? nil : r.number()
            default: try r.skipValue()
            }
        }
        guard let id else { throw JSONScanner.Unexpected() }
        return StickerMedia(id: id, contentType: contentType, duration: duration)
    }

    private static func author(_ r: inout JSONScanner) throws -> StickerAuthor {
        var id: UUID?, username: String?, displayName: String?
        try r.object { r, key in
            switch key {
            case "id": id = try r.uuid()
            case "username": username = try r.string()
            case "displayName": displayName = try r.string()
            default: try r.skipValue()
            }
        }
        guard let id, let username, let displayName else { throw JSONScanner.Unexpected() }
        return StickerAuthor(id: Account.ID(id), username: username, displayName: displayName)
    }

    private static func authorID(_ r: inout JSONScanner) throws -> Account.ID {
        var id: UUID?
        try r.object { r, key in
            if case "id" = key { id = try r.uuid() } else { try r.skipValue() }
        }
        guard let id else { throw JSONScanner.Unexpected() }
        return Account.ID(id)
    }

    private static func anchor(_ r: inout JSONScanner) throws -> StickerAnchor {
        var latitude: Double?, longitude: Double?, altitude: Double?, accuracy: Double?
        try r.object { r, key in
            switch key {
            case "latitude": latitude = try r.number()
            case "longitude": longitude = try r.number()
            case "altitude": altitude = try r.number()
            case "accuracy": accuracy = try r.number()
            default: try r.skipValue()
            }
        }
        guard let latitude, let longitude, let altitude, let accuracy else { throw JSONScanner.Unexpected() }
        return StickerAnchor(latitude: latitude, longitude: longitude, altitude: altitude, accuracy: accuracy)
    }
}

import Foundation
import WorldLayerGeo

/// A walking tour: ordered stops anchored at real places (or at BLE beacons indoors).
///
/// Open tours (Historia) are for everyone; guided tours (BU tour) are walked by a group
/// whose members redeemed a one-time passkey, and only they (and the tour's guides) see the stops.
public struct Tour: Codable, Sendable, Equatable {
    public typealias ID = TypedID<Tour>

    public var id: ID
    /// Short name used in links and on the command line (`helsinki-old-town`).
    public var slug: String
    public var title: String
    public var description: String
    /// BCP 47 language of the texts and narration (`en`, `fi`, `en-GB`).
    public var language: String
    public var mode: TourMode
    public var cover: MediaRef?
    /// Where the tour takes place; the availability check measures from it.
    public var area: GeoPolygon
    public var stops: [TourStop]
    /// The texts and narration in other languages, by BCP 47 tag (`fi`, `sv`); nil when there are none.
    public var translations: [String: TourTranslation]?
    public var updatedAt: Date

    public init(
        id: ID, slug: String, title: String, description: String, language: String, mode: TourMode, cover: MediaRef? = nil,
        area: GeoPolygon, stops: [TourStop], translations: [String: TourTranslation]? = nil, updatedAt: Date = Date()
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.description = description
        self.language = language
        self.mode = mode
        self.cover = cover
        self.area = area
        self.stops = stops
        self.translations = translations?.isEmpty == true ? nil : translations
        self.updatedAt = updatedAt
    }

    /// Every media file the tour refers to, cover first, each once.
    public var media: [MediaRef] {
        var seen = Set<String>()
        let stopMedia = stops.flatMap { $0.media + [$0.sign, $0.ambient].compactMap { $0 } }
        let narrations = (translations ?? [:]).sorted { $0.key < $1.key }.flatMap { $0.value.stops.compactMap(\.narration) }
        return ([cover].compactMap { $0 } + stopMedia + narrations).filter { seen.insert($0.id).inserted }
    }

    /// The beacon registry: which beacon marks which stop, with its calibration.
    public var beacons: [TourBeacon] {
        stops.compactMap { stop in stop.beacon.map { TourBeacon(beacon: $0, stopId: stop.id) } }
    }

    public func stop(id: TourStop.ID) -> TourStop? { stops.first { $0.id == id } }
}

public enum TourMode: String, Codable, Sendable, CaseIterable {
    case open, guided
}

/// One marker of a tour.
public struct TourStop: Codable, Sendable, Equatable {
    public typealias ID = TypedID<TourStop>

    public var id: ID
    public var title: String
    public var text: String
    public var kind: StopKind
    /// Where it stands outdoors; nil for a stop found only by its beacon.
    public var position: Coordinate?
    /// The BLE beacon that marks it indoors.
    public var beacon: StopBeacon?
    /// Metres within which a visitor is "at" the stop.
    public var radius: Double
    public var media: [MediaRef]
    /// When a historical photo was taken (free text: "1907", "c. 1890", "1952-07-19").
    public var date: String?
    /// Where a photo or text comes from (archive, photographer, licence).
    public var source: String?
    /// For a photo stop: which way the photographer looked from `position`, so AR can hang the
    /// picture where it lines up with the present. Nil: shown on the stop's marker only.
    public var viewpoint: PhotoViewpoint?
    /// For a model stop: which way the model's front (glTF's +z) faces, degrees clockwise from true
    /// north. Nil: north.
    public var facing: Double?
    /// A picture of a sign or poster at the stop: a camera that sees it opens the stop, indoors
    /// where neither GPS nor a beacon says where the visitor is.
    public var sign: MediaRef?
    /// A sound that comes from where the stop stands (a fountain, a market), looped, heard from
    /// its direction and fading with distance.
    public var ambient: MediaRef?

    public init(
        id: ID, title: String, text: String, kind: StopKind, position: Coordinate? = nil, beacon: StopBeacon? = nil,
        radius: Double = 25, media: [MediaRef] = [], date: String? = nil, source: String? = nil, viewpoint: PhotoViewpoint? = nil,
        facing: Double? = nil, sign: MediaRef? = nil, ambient: MediaRef? = nil
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.kind = kind
        self.position = position
        self.beacon = beacon
        self.radius = radius
        self.media = media
        self.date = date
        self.source = source
        self.viewpoint = viewpoint
        self.facing = facing
        self.sign = sign
        self.ambient = ambient
    }
}

/// How a historical photo was taken: standing at the stop's position, looking `heading` degrees
/// clockwise from true north, at what stood `distance` metres away.
public struct PhotoViewpoint: Codable, Sendable, Equatable {
    public var heading: Double
    /// Metres to what the photo shows; nil when unknown (AR then hangs it at ``defaultDistance``).
    public var distance: Double?

    public init(heading: Double, distance: Double? = nil) {
        self.heading = heading
        self.distance = distance
    }

    public static let defaultDistance = 10.0
}

public enum StopKind: String, Codable, Sendable, CaseIterable {
    /// A historical picture shown where it was taken.
    case photo
    /// Narration.
    case audio
    /// A sign: text, perhaps with pictures.
    case info
    /// A 3D model (`.glb`).
    case model

    /// The media kind a stop of this kind must carry at least one of.
    public var requiredMedia: MediaKind? {
        switch self {
        case .photo: .image
        case .audio: .audio
        case .info: nil
        case .model: .model
        }
    }
}

/// An iBeacon identity with the RSSI it measured at 1 m (its calibration).
public struct StopBeacon: Codable, Sendable, Hashable {
    /// Proximity UUID, upper case as iOS prints it.
    public var uuid: String
    public var major: Int
    public var minor: Int
    /// Received power at 1 m, dBm (typically −50 to −70).
    public var txPower: Double

    public init(uuid: String, major: Int, minor: Int, txPower: Double = -59) {
        self.uuid = uuid.uppercased()
        self.major = major
        self.minor = minor
        self.txPower = txPower
    }

    /// `UUID/major/minor`, the key a client reports.
    public var key: String { "\(uuid.uppercased())/\(major)/\(minor)" }
}

/// One row of a tour's beacon registry.
public struct TourBeacon: Codable, Sendable, Equatable {
    public var beacon: StopBeacon
    public var stopId: TourStop.ID
}

/// A stored media file: content-addressed by its SHA-256, with its type and a file name for bundles.
public struct MediaRef: Codable, Sendable, Hashable {
    /// SHA-256 of the bytes, hex; also the ETag and the download path.
    public var id: String
    public var contentType: String
    public var size: Int
    /// The file's name inside a bundle (`media/senate-square.mp3`).
    public var name: String

    public init(id: String, contentType: String, size: Int, name: String) {
        self.id = id
        self.contentType = contentType
        self.size = size
        self.name = name
    }

    public var kind: MediaKind? { MediaKind(contentType: contentType) }
}

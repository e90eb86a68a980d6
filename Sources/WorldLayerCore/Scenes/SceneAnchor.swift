import Foundation
import WorldLayerGeo

/// How a flat scene (a wall, a sign, a poster, a shop front, a plaque) was seen when a sticker was
/// anchored to it: what the phone knew besides the picture. The scene is taken to be upright
/// (a wall, not a floor) and faced squarely, `distance` metres ahead of the camera; the picture is
/// found again later, and the camera's pose relative to it said to within centimetres.
public struct SceneCapture: Sendable, Hashable, Codable {
    /// Where the camera was (WGS84 degrees) and its ellipsoidal altitude, when known.
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    /// Degrees clockwise from true north that the camera looked.
    public var heading: Double
    /// Degrees the camera looked up (negative: down).
    public var pitch: Double
    /// Degrees the phone was turned about the camera's axis, its top to the right positive.
    public var roll: Double
    /// Horizontal field of view of the frame, degrees.
    public var fieldOfView: Double
    /// Metres from the camera to the scene, level.
    public var distance: Double
    /// Where in the frame the sticker goes, as fractions of its width and height from the top left.
    public var spotX: Double
    public var spotY: Double

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, heading: Double, pitch: Double = 0, roll: Double = 0,
        fieldOfView: Double, distance: Double, spotX: Double = 0.5, spotY: Double = 0.5
    ) {
        (self.latitude, self.longitude, self.altitude) = (latitude, longitude, altitude)
        (self.heading, self.pitch, self.roll) = (heading, pitch, roll)
        (self.fieldOfView, self.distance, self.spotX, self.spotY) = (fieldOfView, distance, spotX, spotY)
    }

    public static let fieldOfViewRange = 20.0...130.0
    public static let pitchRange = -60.0...60.0
    public static let distanceRange = 0.3...50.0

    /// What is wrong with it, field by field; empty when it can be used.
    public var problems: [FieldError] {
        var out: [FieldError] = []
        if !(abs(latitude) < 90) {
            out.append(FieldError("latitude", "must be between -90 and 90, not at a pole (where a heading means nothing)"))
        }
        if !(-180...180).contains(longitude) { out.append(FieldError("longitude", "must be between -180 and 180")) }
        if let altitude, !(-1_000...10_000).contains(altitude) {
            out.append(FieldError("altitude", "must be between -1000 and 10000 metres"))
        }
        if !(0...360).contains(heading) { out.append(FieldError("heading", "must be between 0 and 360 degrees")) }
        if !Self.pitchRange.contains(pitch) {
            out.append(FieldError("pitch", "must be between -60 and 60 degrees: a scene anchor is upright, seen from in front"))
        }
        if !(-180...180).contains(roll) { out.append(FieldError("roll", "must be between -180 and 180 degrees")) }
        if !Self.fieldOfViewRange.contains(fieldOfView) { out.append(FieldError("fov", "must be between 20 and 130 degrees")) }
        if !Self.distanceRange.contains(distance) { out.append(FieldError("distance", "must be between 0.3 and 50 metres")) }
        if !(0...1).contains(spotX) { out.append(FieldError("x", "must be between 0 and 1 (a fraction of the frame's width)")) }
        if !(0...1).contains(spotY) { out.append(FieldError("y", "must be between 0 and 1 (a fraction of the frame's height)")) }
        return out
    }
}

extension SceneCapture {
    /// How far the scene may be from its sticker's own anchor: GPS on one phone at one moment
    /// seldom errs more. Farther, the scene would show the sticker somewhere its anchor is not,
    /// past the placement rules (a restricted zone) that judged the anchor.
    public static let maximumOffset = 50.0

    /// Where the scene is: `distance` metres ahead of the camera, along its heading.
    public var sceneCoordinate: Coordinate {
        Geodesic.wgs84.direct(from: Coordinate(latitude: latitude, longitude: longitude), azimuth: heading, distance: distance)
            .coordinate
    }

    /// What is wrong with it as the scene of a sticker anchored at `anchor`; empty when it can be used.
    public func problems(forStickerAt anchor: Coordinate) -> [FieldError] {
        let found = problems
        guard found.isEmpty else { return found }
        let offset = Geodesic.wgs84.inverse(anchor, sceneCoordinate).distance
        guard offset <= Self.maximumOffset else {
            return [
                FieldError(
                    "latitude",
                    "the scene is \(Int(offset.rounded())) m from where the sticker stands; anchor it to a scene within \(Int(Self.maximumOffset)) m"
                )
            ]
        }
        return []
    }
}

/// How well a scene's picture can be found again (as for a book's pages).
public struct SceneQuality: Sendable, Hashable, Codable {
    public var score: Double
    public var keypoints: Int
    public var coverage: Double
    public var distinct: Double

    public init(score: Double, keypoints: Int, coverage: Double, distinct: Double) {
        (self.score, self.keypoints, self.coverage, self.distinct) = (score, keypoints, coverage, distinct)
    }
}

/// A sticker's scene anchor: the picture it was placed on, how it was seen, and where on the
/// scene's plane the sticker is.
public struct SceneAnchor: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<SceneAnchor>

    public var id: ID
    public var stickerId: Sticker.ID
    public var capture: SceneCapture
    /// The frame's size in pixels.
    public var width: Int
    public var height: Int
    public var quality: SceneQuality
    public var createdAt: Date

    public init(
        id: ID = ID(), stickerId: Sticker.ID, capture: SceneCapture, width: Int, height: Int, quality: SceneQuality, createdAt: Date
    ) {
        (self.id, self.stickerId, self.capture, self.width, self.height) = (id, stickerId, capture, width, height)
        (self.quality, self.createdAt) = (quality, createdAt)
    }

    /// The scene's plane, from how it was seen.
    public var plane: ScenePlane { ScenePlane(capture: capture, width: width, height: height) }
}

import Foundation
import WorldLayerCore
import WorldLayerGeo

/// Where a scene's plane is on the Earth and which way it faces, as the API says it.
struct ScenePlaneBody: Encodable {
    /// Where the anchoring camera's level line of sight met the scene.
    var latitude: Double
    var longitude: Double
    /// Degrees clockwise from north that the anchoring camera faced (the plane faces the other way).
    var facing: Double
    /// The sticker's place on the plane, metres from that point: x to the right, y down.
    var spot: Spot
    /// What the anchoring frame spans on the plane, metres (a level view, straight ahead).
    var physicalWidth: Double
    var physicalHeight: Double

    struct Spot: Encodable {
        var x: Double
        var y: Double
    }

    init(_ anchor: SceneAnchor) {
        let plane = anchor.plane, origin = plane.origin, spot = plane.spot
        latitude = origin.latitude
        longitude = origin.longitude
        facing = anchor.capture.heading
        self.spot = Spot(x: spot.x, y: spot.y)
        physicalWidth = 2 * anchor.capture.distance * tan(anchor.capture.fieldOfView * .pi / 360)
        physicalHeight = physicalWidth * Double(anchor.height) / Double(max(anchor.width, 1))
    }
}

struct SceneAnchorBody: Encodable {
    var id: String
    var stickerId: String
    var capture: SceneCapture
    var width: Int
    var height: Int
    var quality: SceneQuality
    var picture: String
    var plane: ScenePlaneBody
    var createdAt: Date

    init(_ anchor: SceneAnchor) {
        id = anchor.id.text
        stickerId = anchor.stickerId.text
        capture = anchor.capture
        width = anchor.width
        height = anchor.height
        quality = anchor.quality
        picture = "/v1/stickers/\(anchor.stickerId.text)/scene/picture"
        plane = ScenePlaneBody(anchor)
        createdAt = anchor.createdAt
    }
}

/// One scene anchor for a native app's image tracking (ARKit `ARReferenceImage`, ARCore
/// `AugmentedImageDatabase`): the picture and its size on its plane.
struct SceneReferenceImage: Encodable {
    var sceneId: String
    var stickerId: String
    var url: String
    var physicalWidth: Double
    var physicalHeight: Double
    var plane: ScenePlaneBody

    init(_ anchor: SceneAnchor) {
        sceneId = anchor.id.text
        stickerId = anchor.stickerId.text
        url = "/v1/stickers/\(anchor.stickerId.text)/scene/picture"
        plane = ScenePlaneBody(anchor)
        physicalWidth = plane.physicalWidth
        physicalHeight = plane.physicalHeight
    }
}

/// What a frame said about where the camera is.
struct LocateBody: Encodable {
    struct Scene: Encodable {
        var id: String
        var stickerId: String
        /// Degrees from north the anchoring camera faced: with `pose`, the camera's orientation on the Earth.
        var facing: Double
    }

    struct Point: Encodable {
        var x: Double
        var y: Double
        var z: Double
    }

    struct Pose: Encodable {
        /// Row-major 3×3: the scene's plane coordinates → the camera's (x right, y down, z forward).
        var rotation: [Double]
        /// The plane's origin in the camera's coordinates, metres.
        var translation: [Double]
    }

    struct Correction: Encodable {
        /// How far the located camera is from the position sent.
        var metres: Double
        /// Located heading minus the heading sent, −180…180 (when one was sent).
        var degrees: Double?
    }

    var located: Bool
    var scene: Scene?
    var camera: LocatedCamera?
    /// The sticker in the camera's coordinates, metres, for a camera with the field of view sent:
    /// drawn through that lens, it lands where the plane's own mapping puts it in the frame.
    var sticker: Point?
    var pose: Pose?
    var correction: Correction?
    var reprojection: Double?
    /// The pose fits the matches to within 2 px: the camera's place is good to centimetres.
    var precise: Bool?
    /// The horizontal field of view the pose was solved for, and whether the match estimated it.
    var fieldOfView: Double?
    var fieldOfViewEstimated: Bool?
    /// Why a scene that was seen could not be located, in words.
    var reason: String?
    var inliers: Int
    var milliseconds: Double

    static func notFound(milliseconds: Double, inliers: Int = 0, reason: String? = nil) -> LocateBody {
        LocateBody(located: false, reason: reason, inliers: inliers, milliseconds: milliseconds)
    }
}

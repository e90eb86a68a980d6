import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerServices
import WorldLayerStore
import WorldLayerVision

/// Stickers anchored to what the camera sees: a sticker's author anchors it to a flat scene in
/// view (a wall, a sign, a poster); later frames near it are matched against the scenes around
/// and say where the camera is relative to the scene, to centimetres, which places the sticker
/// where it was put and corrects the phone's GPS and compass for everything else in view.
///
/// A scene is found only for those who may see its sticker, by the same rule as every other path:
/// the scenes of stickers a viewer may not see are left out of the match itself.
struct SceneController {
    let accounts: AccountStore
    let anchoring: SceneAnchoring
    let blobs: BlobStore
    let scenes: SceneStore
    let stickers: StickerStore
    let indexes: SceneIndexes
    var pool = DecodePool("scenes")
    /// Shared with books: a phone sends a few frames a second.
    let framesPerAddress: RateLimiter

    /// How far around the phone scenes are looked for: GPS is seldom worse than this.
    static let searchRadius = 150.0
    static let maximumReferenceRadius = 500.0

    func register(_ routes: Routes) {
        routes.on(.put, "/v1/stickers/{id}/scene", use: put)
        routes.on(.get, "/v1/stickers/{id}/scene", use: get)
        routes.on(.delete, "/v1/stickers/{id}/scene", use: delete)
        routes.on(.get, "/v1/stickers/{id}/scene/picture", use: picture)
        routes.on(.post, "/v1/scenes/locate", use: locate)
        routes.on(.get, "/v1/scenes/reference-images", use: referenceImages)
    }

    /// Anchors my sticker to the scene in this frame (replacing the scene it had).
    @Sendable func put(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let sticker = try await visibleSticker(context)
        let q = Query(request)
        let capture = SceneCapture(
            latitude: try q.double("latitude"), longitude: try q.double("longitude"),
            altitude: q.items["altitude"] == nil ? nil : try q.double("altitude"), heading: try q.double("heading"),
            pitch: try q.double("pitch", default: 0), roll: try q.double("roll", default: 0), fieldOfView: try q.double("fov"),
            distance: try q.double("distance"), spotX: try q.double("x", default: 0.5), spotY: try q.double("y", default: 0.5))
        // What can be refused before the frame is read and decoded.
        try await anchoring.check(sticker, capture, by: account.id)
        let frame = try await CameraFrame.read(request)
        try await framesPerAddress.require(context.clientAddress, what: "camera frames")
        guard let reference = try await pool.run({ ReferenceImage(scene: frame) }) else {
            throw APIError(.undecodableImage, message: "the camera frame could not be decoded as an image")
        }
        let scene = SceneFrame(
            picture: frame, contentType: MediaSniffer.imageType(frame) ?? "image/jpeg", width: reference.width, height: reference.height,
            quality: SceneQuality(
                score: reference.score, keypoints: reference.keypoints, coverage: reference.coverage, distinct: reference.distinct),
            features: reference.features, problems: reference.sceneProblems)
        let (anchor, created) = try await anchoring.anchor(sticker, capture, frame: scene, by: account.id)
        return try .json(SceneAnchorBody(anchor), status: created ? .created : .ok)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sticker = try await visibleSticker(context)
        guard let anchor = try await scenes.anchor(stickerID: sticker.id) else {
            throw APIError.notFound("this sticker has no scene anchor")
        }
        return try .json(SceneAnchorBody(anchor))
    }

    /// Its author, or a moderator, takes a sticker off its scene (the sticker stays at its geo anchor).
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await anchoring.remove(try await visibleSticker(context), by: account)
        return Response(status: .noContent)
    }

    /// The frame the scene was anchored from, for those who may see the sticker.
    @Sendable func picture(_ request: Request, context: AppRequestContext) async throws -> Response {
        let sticker = try await visibleSticker(context)
        guard let id = try await scenes.pictureBlob(stickerID: sticker.id), let blob = try await blobs.blob(id: id) else {
            throw APIError.notFound("this sticker has no scene anchor")
        }
        return Response.blob(
            blob.data, contentType: MediaSniffer.imageType(blob.data) ?? blob.contentType, etag: blob.id, request: request,
            cacheControl: "private, no-cache")
    }

    /// Where the camera is, from a frame that shows a scene near `latitude`, `longitude`.
    @Sendable func locate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let q = Query(request)
        let position = try q.coordinate()
        let fieldOfView = try q.double("fov", in: SceneCapture.fieldOfViewRange)
        let measured = try q.bool("fovMeasured", default: false)
        let heading = q.items["heading"] == nil ? nil : try q.double("heading", in: 0...360)
        let frame = try await CameraFrame.read(request)
        try await framesPerAddress.require(context.clientAddress, what: "camera frames")
        let started = ContinuousClock.now
        // Every scene of the block goes into the index (it is shared by everyone there); only the
        // viewer's within the search radius may be matched, and the others' features are not even
        // compared (a private copy of a public scene must not take its matches).
        let block = SceneBlock(containing: position)
        let everyone = try await anchors(near: block.centre, radius: block.reach)
        let near = everyone.filter { Geodesic.wgs84.inverse(position, $0.plane.origin).distance <= Self.searchRadius }
        let visible = Set(try await visibleOnes(of: near, context: context).map(\.id))
        guard !visible.isEmpty else {
            return try .json(LocateBody.notFound(milliseconds: (ContinuousClock.now - started).inSeconds * 1_000))
        }
        let requesters = ["address:\(context.clientAddress)"] + (context.account.map { ["account:\($0.id.text)"] } ?? [])
        let entry = try await indexes.index(of: everyone, block: block, requesters: requesters)
        let allowed = entry.anchors.enumerated().filter { visible.contains($0.element.id) }.map { Int64($0.offset) }
        let recognizer = entry.recognizer
        let located = try await pool.run {
            recognizer.locate(encoded: frame, horizontalDegrees: fieldOfView, known: measured, allowed: allowed)
        }
        guard let found = located else {
            throw APIError(.undecodableImage, message: "the camera frame could not be decoded as an image")
        }
        let milliseconds = (ContinuousClock.now - started).inSeconds * 1_000
        guard let key = found.recognition.target, let pose = found.pose else {
            return try .json(LocateBody.notFound(milliseconds: milliseconds, inliers: found.recognition.inliers, reason: found.refusal))
        }
        let anchor = entry.anchors[Int(key)]
        let plane = anchor.plane
        let camera = plane.camera(rotation: pose.rotation, translation: pose.translation)
        let moved = Geodesic.wgs84.inverse(position, camera.coordinate).distance
        let turned = heading.map { h in (camera.heading - h + 540).truncatingRemainder(dividingBy: 360) - 180 }
        let sticker = plane.stickerInFrame(
            pose, frameWidth: found.recognition.frameWidth, frameHeight: found.recognition.frameHeight, horizontalDegrees: fieldOfView)
        return try .json(
            LocateBody(
                located: true, scene: .init(id: anchor.id.text, stickerId: anchor.stickerId.text, facing: anchor.capture.heading),
                camera: camera, sticker: .init(x: sticker[0], y: sticker[1], z: sticker[2]),
                pose: .init(rotation: pose.rotation, translation: pose.translation),
                correction: .init(metres: moved, degrees: turned), reprojection: pose.reprojection, precise: pose.precise,
                fieldOfView: pose.fieldOfView, fieldOfViewEstimated: pose.estimatedFieldOfView,
                inliers: found.recognition.inliers, milliseconds: milliseconds))
    }

    /// What an ARKit or ARCore app needs to track scene anchors as images: each picture and the
    /// size it has on its plane, for the scenes within `radius` metres the viewer may see.
    @Sendable func referenceImages(_ request: Request, context: AppRequestContext) async throws -> Response {
        let q = Query(request)
        let position = try q.coordinate()
        let radius = try q.double("radius", in: 1...Self.maximumReferenceRadius, default: Self.searchRadius)
        let visible = try await visibleOnes(of: anchors(near: position, radius: radius), context: context)
        return try .json(["images": visible.map(SceneReferenceImage.init)])
    }

    /// The scene anchors in the cells within `radius` metres of a place.
    private func anchors(near position: Coordinate, radius: Double) async throws -> [SceneAnchor] {
        try await scenes.anchors(in: try CellGrid.cover(center: position, radius: radius))
    }

    /// Those of `anchors` whose stickers the request's viewer may see.
    private func visibleOnes(of anchors: [SceneAnchor], context: AppRequestContext) async throws -> [SceneAnchor] {
        let viewer = try await accounts.viewer(context.account?.id)
        var visible: [SceneAnchor] = []
        for anchor in anchors where try await stickers.sticker(id: anchor.stickerId, viewer: viewer) != nil {
            visible.append(anchor)
        }
        return visible
    }

    /// The sticker in the path, when the request's viewer may see it (the same 404 otherwise).
    private func visibleSticker(_ context: AppRequestContext) async throws -> Sticker {
        let id: Sticker.ID = try context.idParameter("id")
        guard let sticker = try await stickers.sticker(id: id, viewer: try await accounts.viewer(context.account?.id)) else {
            throw APIError.notFound("no such sticker")
        }
        return sticker
    }
}

import CWorldLayerVision
import Foundation
import WorldLayerCore

/// What a camera frame shows: a target and where its corners are, or nothing.
public struct Recognition: Sendable, Equatable {
    public struct Point: Codable, Sendable, Equatable {
        public var x: Double
        public var y: Double
    }

    /// The recognized target's key, nil when the frame shows none of the targets.
    public var target: Int64?
    /// Top-left, top-right, bottom-right, bottom-left of the target in frame pixels.
    public var corners: [Point]
    /// Row-major 3×3, reference-image pixels → frame pixels.
    public var homography: [Double]
    public var inliers: Int
    public var matches: Int
    public var confidence: Double
    public var frameWidth: Int
    public var frameHeight: Int
    public var frameFeatures: Int
}

/// A frame's recognition among scenes, and when a scene was found, the camera's pose relative to
/// its plane.
public struct SceneLocation: Sendable, Equatable {
    public struct Pose: Sendable, Equatable {
        /// Row-major 3×3: plane coordinates → camera coordinates (x right, y down, z forward).
        public var rotation: [Double]
        /// The plane's origin in camera coordinates, metres.
        public var translation: [Double]
        /// RMS pixels between the matched points and where the pose puts them.
        public var reprojection: Double
        /// The horizontal field of view the pose was solved for, degrees: the one sent, or the one
        /// the match itself says (`estimatedFieldOfView`).
        public var fieldOfView: Double
        public var estimatedFieldOfView: Bool
        /// The sticker in the frame, pixels: by the homography of the matches around it, exact
        /// whether or not the pose is.
        public var sticker: Recognition.Point
        /// The matches fit the pose to within ``SceneLocation/maximumReprojection``: the camera's
        /// place is good to centimetres. Otherwise it is approximate (a lens with distortion, a scene
        /// anchored askew), and only the sticker's place in the frame, from the plane's own mapping, is exact.
        public var precise: Bool { reprojection <= SceneLocation.maximumReprojection }
    }

    public var recognition: Recognition
    public var pose: Pose?
    /// Why a scene that was recognized has no pose (nil when it has one, or none was recognized).
    public var refusal: String?

    /// The fewest matches a pose is solved from.
    public static let minimumInliers = 25
    /// The most RMS pixels the matches may be off a precise pose.
    public static let maximumReprojection = 2.0
}

/// An index over many targets' features that recognizes frames: hashed feature matching votes
/// for candidates, a RANSAC homography verifies them. Built once, then safe to share between
/// tasks; recognition runs on the calling thread.
public final class TargetRecognizer: @unchecked Sendable {
    // Immutable after init; the C side only reads it when recognizing.
    private let index: OpaquePointer

    public enum Failure: Error, Equatable {
        /// A stored feature blob this version cannot read (the key names its target).
        case unreadableFeatures(Int64)
    }

    /// Builds the index from each target's key and ``ReferenceImage/features``.
    public init(targets: [(key: Int64, features: Data)]) throws {
        index = wl_index_create()
        for target in targets {
            let status = target.features.withUnsafeBytes { raw in
                wl_index_add(index, target.key, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
            }
            // Throwing here still runs deinit, which frees the index.
            guard status == 0 else { throw Failure.unreadableFeatures(target.key) }
        }
        wl_index_build(index)
    }

    /// Builds an index of flat scenes: each one's key, ``ReferenceImage/features``, the map from
    /// its picture's pixels to metres on its plane (row-major 3×3) and where its sticker is in the
    /// picture (pixels).
    public init(scenes: [(key: Int64, features: Data, plane: [Double], spot: Recognition.Point)]) throws {
        index = wl_index_create()
        for scene in scenes {
            let spot = [scene.spot.x, scene.spot.y]
            let status = scene.features.withUnsafeBytes { raw in
                scene.plane.withUnsafeBufferPointer { plane in
                    wl_index_add_plane(
                        index, scene.key, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, plane.baseAddress, spot)
                }
            }
            guard status == 0 else { throw Failure.unreadableFeatures(scene.key) }
        }
        wl_index_build(index)
    }

    deinit { wl_index_free(index) }

    public var count: Int { Int(wl_index_count(index)) }
    /// Bytes the index holds.
    public var memoryBytes: Int { wl_index_memory(index) }

    /// Recognizes an encoded frame (JPEG or PNG); nil when the bytes are not an image, or declare
    /// more pixels than ``DecodeLimit/cameraFrame`` (checked from the header, before decoding).
    public func recognize(encoded frame: Data) -> Recognition? {
        guard DecodeLimit.cameraFrame.problem(with: frame) == nil else { return nil }
        var r = wl_recognition()
        let status = frame.withUnsafeBytes { raw in
            wl_index_recognize(index, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &r)
        }
        guard status == 0 else { return nil }
        return Self.recognition(r)
    }

    private static func recognition(_ r: wl_recognition) -> Recognition {
        let found = r.target >= 0
        let c = withUnsafeBytes(of: r.corners) { Array($0.bindMemory(to: Double.self)) }
        return Recognition(
            target: found ? r.target : nil,
            corners: found ? (0..<4).map { Recognition.Point(x: c[2 * $0], y: c[2 * $0 + 1]) } : [],
            homography: found ? withUnsafeBytes(of: r.homography) { Array($0.bindMemory(to: Double.self)) } : [],
            inliers: Int(r.inliers), matches: Int(r.matches), confidence: r.confidence,
            frameWidth: Int(r.frameWidth), frameHeight: Int(r.frameHeight), frameFeatures: Int(r.frameFeatures))
    }

    /// Which of the scenes whose keys are `allowed` (all when nil) a frame shows, and where the
    /// camera is relative to its plane, for a camera `horizontalDegrees` wide (`known`: measured by
    /// the phone; otherwise a guess, and the field of view that fits the match best is used); nil
    /// when the bytes are not an image.
    public func locate(encoded frame: Data, horizontalDegrees: Double, known: Bool = false, allowed: [Int64]?) -> SceneLocation? {
        guard DecodeLimit.cameraFrame.problem(with: frame) == nil else { return nil }
        var l = wl_location()
        let keys = allowed ?? []
        let status = frame.withUnsafeBytes { raw in
            keys.withUnsafeBufferPointer { keys in
                wl_index_locate(
                    index, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, horizontalDegrees, known ? 1 : 0, keys.baseAddress,
                    allowed == nil ? -1 : Int64(keys.count), &l)
            }
        }
        guard status == 0 else { return nil }
        let recognition = Self.recognition(l.recognition)
        guard recognition.target != nil else { return SceneLocation(recognition: recognition, pose: nil) }
        // A pose from few points can be metres off (a small, far scene has two poses nearly as
        // good): no answer is better.
        if let refusal = Self.refusal(l, inliers: recognition.inliers) {
            return SceneLocation(recognition: recognition, pose: nil, refusal: refusal)
        }
        return SceneLocation(
            recognition: recognition,
            pose: .init(
                rotation: withUnsafeBytes(of: l.rotation) { Array($0.bindMemory(to: Double.self)) },
                translation: withUnsafeBytes(of: l.translation) { Array($0.bindMemory(to: Double.self)) },
                reprojection: l.reprojection, fieldOfView: l.horizontalDegrees, estimatedFieldOfView: l.estimated == 1,
                sticker: .init(x: l.spot.0, y: l.spot.1)))
    }

    private static func refusal(_ l: wl_location, inliers: Int) -> String? {
        if inliers < SceneLocation.minimumInliers {
            return "the scene was seen, but by \(inliers) matching points; a pose needs \(SceneLocation.minimumInliers)"
        }
        // The matches agree on one homography already: a pose they fit loosely is the anchoring
        // frame's (taken askew, through another lens), and is said to be approximate, not refused.
        return l.located == 1 ? nil : "the matching points fit no camera in front of the scene"
    }

    /// Limits OpenCV to this many threads inside one call (1 measures one core).
    public static func limitThreads(_ threads: Int) { wl_vision_set_threads(Int32(threads)) }
}

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
        let found = r.target >= 0
        let c = withUnsafeBytes(of: r.corners) { Array($0.bindMemory(to: Double.self)) }
        return Recognition(
            target: found ? r.target : nil,
            corners: found ? (0..<4).map { Recognition.Point(x: c[2 * $0], y: c[2 * $0 + 1]) } : [],
            homography: found ? withUnsafeBytes(of: r.homography) { Array($0.bindMemory(to: Double.self)) } : [],
            inliers: Int(r.inliers), matches: Int(r.matches), confidence: r.confidence,
            frameWidth: Int(r.frameWidth), frameHeight: Int(r.frameHeight), frameFeatures: Int(r.frameFeatures))
    }

    /// Limits OpenCV to this many threads inside one call (1 measures one core).
    public static func limitThreads(_ threads: Int) { wl_vision_set_threads(Int32(threads)) }
}

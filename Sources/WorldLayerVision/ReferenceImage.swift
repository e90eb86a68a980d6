import CWorldLayerVision
import Foundation
import WorldLayerCore

/// A picture to be recognized (a book's page or figure), described by its local features.
///
/// Like ARKit's warnings for poor reference images, a picture that is too small, too plain or
/// whose detail sits in one corner gets a low ``score`` and ``problems`` that say why.
public struct ReferenceImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Local features found (at most 500).
    public var keypoints: Int
    /// Share of an 8×8 grid over the picture that holds a feature.
    public var coverage: Double
    /// Share of features unlike any other in the same picture (lattices, tiles and text repeat themselves).
    public var distinct: Double
    /// 0…1: features (up to 400) × spread (up to 60 % of the grid) × distinctness (up to 60 %).
    public var score: Double
    /// The features, serialized for the index; stored with the target.
    public var features: Data

    /// Describes an encoded image (JPEG or PNG); nil when the bytes are not an image, or declare
    /// more pixels than ``DecodeLimit/picture`` (checked from the header, before decoding).
    public init?(encoded: Data) {
        self.init(encoded: encoded, features: 500, side: 480)
    }

    /// A flat scene to anchor stickers to: seen again from farther and more askew than a book's
    /// page, and its points become a camera pose, so it keeps more of them, found at full size.
    public init?(scene encoded: Data) {
        self.init(encoded: encoded, features: 1_000, side: 640)
    }

    private init?(encoded: Data, features count: Int32, side: Int32) {
        guard DecodeLimit.picture.problem(with: encoded) == nil else { return nil }
        var reference = wl_reference()
        let status = encoded.withUnsafeBytes { raw in
            wl_vision_describe_sized(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, count, side, &reference)
        }
        guard status == 0, let blob = reference.blob else { return nil }
        defer { wl_vision_free(blob) }
        width = Int(reference.width)
        height = Int(reference.height)
        keypoints = Int(reference.keypoints)
        coverage = reference.coverage
        distinct = reference.distinct
        score = reference.score
        features = Data(bytes: blob, count: reference.blobLength)
    }

    public static let minimumSide = 200
    public static let minimumKeypoints = 150
    public static let minimumCoverage = 0.3
    public static let minimumDistinct = 0.5

    /// Why this picture would not be recognized reliably; empty when it will.
    public var problems: [String] {
        var problems: [String] = []
        if min(width, height) < Self.minimumSide {
            problems.append("too small: \(width)×\(height) pixels, the shorter side needs at least \(Self.minimumSide)")
        }
        if keypoints < Self.minimumKeypoints {
            problems.append(
                "too plain: \(keypoints) distinct points found, at least \(Self.minimumKeypoints) are needed (use a picture with more detail and contrast)"
            )
        } else if coverage < Self.minimumCoverage {
            let percent = Int((coverage * 100).rounded())
            problems.append(
                "detail only in one part: features cover \(percent) % of the picture, at least \(Int(Self.minimumCoverage * 100)) % are needed"
            )
        }
        if keypoints >= Self.minimumKeypoints && distinct < Self.minimumDistinct {
            let percent = Int((distinct * 100).rounded())
            problems.append(
                "repetitive: only \(percent) % of its points look unlike the rest of the picture, at least \(Int(Self.minimumDistinct * 100)) % are needed (repeated patterns such as lattices, tiles or text confuse recognition)"
            )
        }
        return problems
    }

    public static let minimumDistinctPoints = 200

    /// Why this scene would not be found again reliably; empty when it will. As a page's, except
    /// that repeats count by what is left: a poster on a brick wall is a good scene, the bricks
    /// around it are only discarded, so it needs enough points unlike the rest, not a share.
    public var sceneProblems: [String] {
        var problems = self.problems.filter { !$0.hasPrefix("repetitive") }
        let unlike = Int((distinct * Double(keypoints)).rounded())
        if keypoints >= Self.minimumKeypoints && unlike < Self.minimumDistinctPoints {
            problems.append(
                "repetitive: only \(unlike) of its points look unlike the rest of the scene, at least \(Self.minimumDistinctPoints) are needed (a plain wall of bricks or tiles cannot be told from the next one)"
            )
        }
        return problems
    }
}

import Foundation
import WorldLayerCore
import WorldLayerVision

/// What the catalogue shows of each book.
struct BookSummary: Encodable {
    var id: String
    var slug: String
    var title: String
    var authors: [String]
    var description: String
    var language: String
    var cover: MediaRef?
    var targetCount: Int
    var updatedAt: Date

    init(_ b: Book) {
        id = b.id.text
        slug = b.slug
        title = b.title
        authors = b.authors
        description = b.description
        language = b.language
        cover = b.cover
        targetCount = b.targets.count
        updatedAt = b.updatedAt
    }
}

/// The recognized target, with what to show on it.
struct RecognizedTarget: Encodable {
    var id: String
    var name: String
    var physicalWidth: Double
    var content: TargetContent
    /// The reference image's size: the corners are where its (0,0)…(width,height) land in the frame.
    var imageWidth: Int?
    var imageHeight: Int?

    init(_ t: BookTarget) {
        id = t.id.text
        name = t.name
        physicalWidth = t.physicalWidth
        content = t.content
        imageWidth = t.quality?.width
        imageHeight = t.quality?.height
    }
}

struct RecognitionBody: Encodable {
    struct Frame: Encodable {
        var width: Int
        var height: Int
        var features: Int
    }

    var recognized: Bool
    var target: RecognizedTarget?
    /// Top-left, top-right, bottom-right, bottom-left, in frame pixels.
    var corners: [Recognition.Point]?
    /// Row-major 3×3 from reference-image pixels to frame pixels.
    var homography: [Double]?
    var confidence: Double
    var inliers: Int
    var frame: Frame
    var milliseconds: Double
}

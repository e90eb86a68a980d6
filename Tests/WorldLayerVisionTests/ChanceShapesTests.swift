import Foundation
import Testing
import WorldLayerVision

/// Frames that show no page, only photographs with shapes drawn on them (bench/vision_data.py's
/// development negatives, made from scikit-image's public-domain photographs), against the demo
/// book's pages but coins (the frames' backgrounds include that photograph) and a collage with
/// shapes drawn on it. One corner matched at several pyramid levels, or by several features of a
/// frame, once counted as many inliers: each of these frames was taken for a page with 24 to 28.
@Suite struct ChanceShapesTests {
    static func file(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: "ChanceShapes/\(name)", withExtension: "jpg")))
    }

    @Test func shapesLikeAPagesAreNotThatPage() throws {
        let page = try #require(ReferenceImage(encoded: try Self.file("picture")))
        let book = try DemoPictures.pages.filter { $0 != "coins" }.enumerated().map { i, name in
            (Int64(i), try #require(ReferenceImage(encoded: try DemoPictures.page(name))).features)
        }
        let recognizer = try TargetRecognizer(targets: book + [(99, page.features)])
        for frame in ["frame-f0039", "frame-f0051", "frame-f0147"] {
            let answer = try #require(recognizer.recognize(encoded: try Self.file(frame)))
            #expect(answer.target == nil, "\(frame) shows no page but was recognized with \(answer.inliers) inliers")
        }
    }
}

import Foundation
import Testing
import WorldLayerVision

/// The demo book's pictures and camera frames of them (scripts/generate-demo-book.py), with the
/// frames' true corners.
enum DemoPictures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("demo")
    static let pages = ["astronaut", "coffee", "chelsea", "coins", "hubble_deep_field", "immunohistochemistry"]

    static func page(_ name: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent("book/pages/\(name).jpg")) }
    static func frame(_ file: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent("frames/\(file)")) }

    struct Truth: Decodable {
        var frame: String
        var target: String?
        var corners: [[Double]]?
    }

    static func truth() throws -> [Truth] {
        try JSONDecoder().decode([Truth].self, from: Data(contentsOf: root.appendingPathComponent("frames/truth.json")))
    }
}

@Suite struct RecognitionTests {
    let recognizer: TargetRecognizer

    init() throws {
        recognizer = try TargetRecognizer(
            targets: try DemoPictures.pages.enumerated().map { i, name in
                (Int64(i), try #require(ReferenceImage(encoded: try DemoPictures.page(name))).features)
            })
    }

    @Test func everyDemoPictureIsAGoodTarget() throws {
        for name in DemoPictures.pages {
            let reference = try #require(ReferenceImage(encoded: try DemoPictures.page(name)))
            #expect(reference.problems.isEmpty, "\(name): \(reference.problems)")
            #expect(reference.score > 0.5, "\(name)")
        }
    }

    @Test func framesOfPagesAreRecognizedWithTheirCorners() throws {
        for truth in try DemoPictures.truth() {
            let r = try #require(recognizer.recognize(encoded: try DemoPictures.frame(truth.frame)))
            #expect(r.frameWidth == 640 && r.frameHeight == 480)
            guard let name = truth.target, let corners = truth.corners else {
                #expect(r.target == nil, "\(truth.frame) shows no page but was recognized as \(String(describing: r.target))")
                continue
            }
            #expect(r.target == Int64(DemoPictures.pages.firstIndex(of: name)!), "\(truth.frame)")
            #expect(r.corners.count == 4 && r.homography.count == 9)
            for (found, expected) in zip(r.corners, corners) {
                #expect(hypot(found.x - expected[0], found.y - expected[1]) < 5, "\(truth.frame): corner \(found) vs \(expected)")
            }
            #expect(r.confidence > 0.3 && r.inliers >= 15)
        }
    }

    @Test func aPlainPictureIsRejectedWithAReason() throws {
        let plain = try #require(ReferenceImage(encoded: try DemoPictures.frame("plain.png")))
        #expect(plain.problems.contains { $0.hasPrefix("too plain") }, "\(plain.problems)")
        #expect(plain.score < 0.3)
        let lattice = try #require(ReferenceImage(encoded: try DemoPictures.frame("repetitive.jpg")))
        #expect(lattice.problems.count == 1 && lattice.problems[0].hasPrefix("repetitive"), "\(lattice.problems)")
    }

    @Test func bytesThatAreNoImageAreRefused() throws {
        #expect(ReferenceImage(encoded: Data("not a picture".utf8)) == nil)
        #expect(recognizer.recognize(encoded: Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])) == nil)
        #expect(recognizer.recognize(encoded: Data()) == nil)
    }

    @Test func anIndexAnswersTheSameWhenBuiltTwice() throws {
        let again = try TargetRecognizer(
            targets: try DemoPictures.pages.enumerated().map { i, name in
                (Int64(i), try #require(ReferenceImage(encoded: try DemoPictures.page(name))).features)
            })
        let frame = try DemoPictures.frame("coins.jpg")
        #expect(again.recognize(encoded: frame) == recognizer.recognize(encoded: frame))
        #expect(recognizer.count == 6 && recognizer.memoryBytes > 0)
    }

    @Test func aDamagedFeatureBlobIsRefused() throws {
        #expect(throws: TargetRecognizer.Failure.unreadableFeatures(9)) { try TargetRecognizer(targets: [(9, Data([1, 2, 3]))]) }
    }
}

import CWorldLayerVision
import Foundation
import Testing
import WorldLayerCore
import WorldLayerVision

/// A picture is sized by what its decoder will allocate, never by a second header reader that a
/// crafted file can fool (issue 52, finding 2: one 0xFF fill byte made a 30000×30000 JPEG read as
/// 640×480, and each decode took 4.8 s and 1 GB).
@Suite("Decoding is bounded by the decoder's own header")
struct DecodeBoundTests {
    static let fillByte = URL(filePath: #filePath).deletingLastPathComponent().appending(
        path: "../../fuzz/seeds/image/fill-byte-30000x30000.jpg"
    ).standardized

    /// The size libjpeg's own header reader gives (what the C++ target bounds every decode by).
    static func decoderSize(_ data: Data) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            wl_vision_image_size(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height)
        }
        return status == 0 ? (Int(width), Int(height)) : nil
    }

    static func realPictures() throws -> [(String, Data)] {
        try (DemoPictures.pages.map { ("page \($0)", try DemoPictures.page($0)) })
            + ["astronaut.jpg", "coffee.jpg", "coins.jpg", "nothing.jpg"].map { ("frame \($0)", try DemoPictures.frame($0)) }
    }

    @Test("the fill-byte JPEG is read as the 30000×30000 its decoder makes, and refused")
    func fillByteIsSeen() throws {
        let data = try Data(contentsOf: Self.fillByte)
        #expect(Self.decoderSize(data).map { [$0.width, $0.height] } == [30000, 30000])
        #expect(MediaSniffer.imageSize(data).map { [$0.width, $0.height] } == [30000, 30000])
        #expect(DecodeLimit.cameraFrame.problem(with: data)?.contains("30000×30000") == true)
    }

    @Test("the C++ decoder refuses past its bound by itself, whatever the Swift check said")
    func decoderBoundsItself() throws {
        let data = try Data(contentsOf: Self.fillByte)
        var reference = wl_reference()
        let status = data.withUnsafeBytes { raw in
            wl_vision_describe_sized(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 500, 480, &reference)
        }
        #expect(status == -1)
        let index = wl_index_create()
        defer { wl_index_free(index) }
        wl_index_build(index)
        var recognition = wl_recognition()
        let recognized = data.withUnsafeBytes { raw in
            wl_index_recognize(index, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &recognition)
        }
        #expect(recognized == -1)
    }

    /// Differential: wherever libjpeg reads a size, the Swift reader reads the same or refuses —
    /// over real photographs and each with fill bytes, garbage and cuts put between its markers.
    @Test("Swift's header reader agrees with libjpeg's on real photographs and their mangled copies")
    func readersAgree() throws {
        var compared = 0
        for (name, data) in try Self.realPictures() {
            let truth = try #require(Self.decoderSize(data), "\(name)")
            #expect(MediaSniffer.imageSize(data).map { [$0.width, $0.height] } == [truth.width, truth.height], "\(name)")
            let bytes = [UInt8](data)
            // Every marker position in the first segments, padded with fill bytes or preceded by garbage.
            let markers = (2..<min(bytes.count - 1, 4096)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] != 0 && bytes[$0 + 1] != 0xFF }
            for at in markers {
                for insert in [[0xFF], [0xFF, 0xFF, 0xFF], [0x00, 0x42], [0x17]] as [[UInt8]] {
                    let mangled = Data(bytes[..<at] + insert + bytes[at...])
                    guard let decoder = Self.decoderSize(mangled) else { continue }
                    let swift = MediaSniffer.imageSize(mangled)
                    #expect(swift == nil || (swift!.width == decoder.width && swift!.height == decoder.height), "\(name) at \(at)")
                    compared += 1
                }
            }
        }
        #expect(compared > 50)
    }
}

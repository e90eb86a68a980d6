import CWorldLayerVision
import Foundation

/// The pixel size the decoder will make of a JPEG or PNG, read by the decoder's own header reader
/// (libjpeg's, which OpenCV calls). Every decode here is bounded by it inside the C++ target too;
/// this face lets tests hold ``MediaSniffer/imageSize(_:)`` to the same answer.
public enum DecodedSize {
    public static func of(_ data: Data) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            wl_vision_image_size(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height)
        }
        return status == 0 ? (Int(width), Int(height)) : nil
    }
}

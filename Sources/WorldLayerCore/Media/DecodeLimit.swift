import Foundation

/// How large a picture may be before it is decoded. A PNG or JPEG of a few hundred kilobytes can
/// declare a gigapixel; decoding it would take gigabytes, so the size is read from the header first.
public struct DecodeLimit: Sendable, Equatable {
    public var maximumSide: Int
    public var maximumPixels: Int

    public init(maximumSide: Int, maximumPixels: Int) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }

    /// A phone camera's frame: 4K at most.
    public static let cameraFrame = DecodeLimit(maximumSide: 4096, maximumPixels: 4096 * 3072)
    /// A book's page or figure, or a place's photo: a 40-megapixel camera's picture at most.
    public static let picture = DecodeLimit(maximumSide: 10_000, maximumPixels: 40_000_000)

    /// Nil when the bytes are a PNG or JPEG within the limit; else why not, in one sentence.
    public func problem(with data: Data) -> String? {
        guard MediaSniffer.imageType(data) != nil, let size = MediaSniffer.imageSize(data) else {
            return "is not a PNG or JPEG image with a readable header"
        }
        guard size.width <= maximumSide, size.height <= maximumSide, size.width * size.height <= maximumPixels else {
            return
                "is \(size.width)×\(size.height) pixels; at most \(maximumSide) pixels a side and \(maximumPixels / 1_000_000) megapixels are accepted"
        }
        return nil
    }
}

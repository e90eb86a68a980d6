import Foundation
import Hummingbird
import WorldLayerCore

/// A camera frame sent as a request's body (a book's page to recognize, a scene to anchor or to be
/// located by), checked from its bytes and header before anything decodes it.
enum CameraFrame {
    /// A 640×480 JPEG is ~50 KB; a phone's full-size photo ~4 MB.
    static let maximumBytes = 8 << 20

    static func read(_ request: Request) async throws -> Data {
        let frame = try await request.bytes(upTo: maximumBytes, what: "a camera frame")
        guard !frame.isEmpty else {
            throw APIError.badRequest("send the camera frame (JPEG or PNG) as the request body", code: .emptyBody)
        }
        guard MediaSniffer.imageType(frame) != nil else {
            throw APIError(.unsupportedMediaType, message: "a camera frame must be a JPEG or PNG image")
        }
        guard MediaSniffer.imageSize(frame) != nil else {
            throw APIError(.undecodableImage, message: "the camera frame could not be decoded as an image")
        }
        if let problem = DecodeLimit.cameraFrame.problem(with: frame) {
            throw APIError(.imageTooLarge, message: "the camera frame \(problem)")
        }
        return frame
    }
}

import Foundation
import OpenAPIRuntime
import WorldLayerAPI

public typealias BookSummary = Components.Schemas.BookSummary
/// A book's pictures with their printed sizes, to build ARKit or ARCore reference images from.
public typealias ReferenceImages = Operations.BookReferenceImages.Output.Ok.Body.JsonPayload
/// Which picture a camera frame shows, where its corners are, and how sure the server is.
public typealias Recognition = Operations.RecognizeFrame.Output.Ok.Body.JsonPayload

/// AR study books: their pictures for on-device tracking, and recognition of a camera frame.
public struct Books: Sendable {
    let world: WorldLayer

    public func list() async throws(WorldLayerError) -> [BookSummary] {
        try await world.perform {
            switch try await world.api.listBooks() {
            case .ok(let ok): try ok.body.json.books ?? []
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// The pictures of a book, for ARKit's `ARReferenceImage` (download each `url`).
    public func referenceImages(book: String) async throws(WorldLayerError) -> ReferenceImages {
        try await world.perform {
            switch try await world.api.bookReferenceImages(path: .init(book: book)) {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Which of the book's pictures a JPEG camera frame shows (640×480 is plenty).
    public func recognize(book: String, jpeg: Data) async throws(WorldLayerError) -> Recognition {
        try await world.perform {
            switch try await world.api.recognizeFrame(path: .init(book: book), body: .jpeg(HTTPBody(jpeg))) {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }
}

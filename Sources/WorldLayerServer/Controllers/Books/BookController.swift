import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// Books that come alive: the catalogue with search, a book, its reference images for ARKit, and
/// recognition of camera frames for browsers (which cannot track images themselves).
struct BookController {
    let books: BookStore
    let recognizers: BookRecognizers
    /// Frames are decoded a few at a time, off the threads that answer requests.
    var pool = DecodePool("books")
    /// A phone sends a few frames a second; more from one address is refused (429).
    let framesPerAddress: RateLimiter

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/books", use: list)
        routes.on(.get, "/v1/books/{book}", use: get)
        routes.on(.delete, "/v1/books/{book}", use: delete)
        routes.on(.get, "/v1/books/{book}/reference-images", use: referenceImages)
        routes.on(.post, "/v1/books/{book}/recognize", use: recognize)
    }

    /// Every book, or those whose title or authors match `q` (prefixes, accents and typos forgiven).
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        var books = try await self.books.list()
        let parameters = Query(request)
        if parameters.items["q"] != nil {
            let query = try parameters.searchText()
            var index = PlaceSearchIndex()
            for b in books {
                index.add(id: b.id.uuid, names: [b.title] + b.authors + [b.slug.replacingOccurrences(of: "-", with: " ")], position: nil)
            }
            let byID = Dictionary(uniqueKeysWithValues: books.map { ($0.id.uuid, $0) })
            books = index.search(query, limit: 50).compactMap { byID[$0.id] }
        }
        return try .json(["books": books.map(BookSummary.init)])
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        try .json(try await book(context))
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let book = try await book(context)
        _ = try await self.books.delete(id: book.id)
        await recognizers.forget(book.id)
        return Response(status: .noContent)
    }

    /// What an ARKit app needs to build `ARReferenceImage`s: each picture, its printed size, and what it shows.
    @Sendable func referenceImages(_ request: Request, context: AppRequestContext) async throws -> Response {
        let book = try await book(context)
        struct Image: Encodable {
            var targetId: String
            var name: String
            var image: MediaRef
            var url: String
            var physicalWidth: Double
            var physicalHeight: Double?
            var content: TargetContent
        }
        let images = book.targets.map { t in
            Image(
                targetId: t.id.text, name: t.name, image: t.image, url: "/v1/media/\(t.image.id)",
                physicalWidth: t.physicalWidth,
                physicalHeight: t.quality.map { t.physicalWidth * Double($0.height) / Double(max($0.width, 1)) }, content: t.content)
        }
        struct Body: Encodable {
            var bookId: String
            var images: [Image]
        }
        return try .json(Body(bookId: book.id.text, images: images))
    }

    /// Which of the book's pictures a camera frame shows, where its corners are, and how sure that is.
    @Sendable func recognize(_ request: Request, context: AppRequestContext) async throws -> Response {
        let book = try await book(context)
        let frame = try await CameraFrame.read(request)
        try await framesPerAddress.require(context.clientAddress, what: "camera frames")
        let entry = try await recognizers.recognizer(for: book)
        let started = ContinuousClock.now
        let recognizer = entry.recognizer
        guard let found = try await pool.run({ recognizer.recognize(encoded: frame) }) else {
            throw APIError(.undecodableImage, message: "the camera frame could not be decoded as an image")
        }
        let elapsed = ContinuousClock.now - started
        let target = found.target.map { entry.targets[Int($0)] }.flatMap { book.target(id: $0) }
        return try .json(
            RecognitionBody(
                recognized: target != nil, target: target.map(RecognizedTarget.init), corners: target == nil ? nil : found.corners,
                homography: target == nil ? nil : found.homography, confidence: found.confidence, inliers: found.inliers,
                frame: .init(width: found.frameWidth, height: found.frameHeight, features: found.frameFeatures),
                milliseconds: elapsed.inSeconds * 1_000))
    }

    private func book(_ context: AppRequestContext) async throws -> Book {
        guard let text = context.parameters.get("book"), let book = try await self.books.book(idOrSlug: text) else {
            throw APIError.notFound("no such book")
        }
        return book
    }
}

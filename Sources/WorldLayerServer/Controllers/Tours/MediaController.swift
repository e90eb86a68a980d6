import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import WorldLayerCore
import WorldLayerStore

/// Media for tours: admins upload files (checked by their bytes, limited in size by kind); anyone
/// downloads them by content hash, with ranges and long-lived caching.
struct MediaController {
    let tours: TourStore
    let library: MediaLibrary

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/media", use: upload)
        routes.on(.get, "/v1/media/{id}", use: download)
    }

    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireAdmin()
        let limit = MediaKind.allCases.map(\.maximumBytes).max()!
        let file = try library.temporaryFile()
        try await request.saveBody(to: file, limit: limit, tooLarge: "a media file must be at most \(limit >> 20) MiB")
        let ref = try await library.adopt(file, name: Query(request).items["name"])
        try await tours.registerMedia([ref])
        return try .json(ref, status: .created)
    }

    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), id.count == 64, id.allSatisfy(\.isHexDigit) else {
            throw APIError.badRequest("'id' must be a SHA-256 in hex", code: .invalidId)
        }
        guard let media = try await tours.media(id: id), let file = try await library.file(of: id) else {
            throw APIError.notFound("no such media file")
        }
        return try await Response.file(
            at: file.path, size: media.size, contentType: media.contentType, etag: id, request: request, context: context)
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import WorldLayerCore
import WorldLayerStore

/// Sounds and short videos on stickers: people upload a clip (checked by its bytes: what it is, how
/// big, how long it plays), name it in their sticker, and whoever may see the sticker plays it, with
/// ranges. A clip is served only through a sticker its viewer may see, never by its hash alone.
struct StickerMediaController {
    let accounts: AccountStore
    let stickers: StickerStore
    let library: MediaLibrary
    let uploads: RateLimiter
    let quota: Int

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/stickers/media", use: upload)
        routes.on(.get, "/v1/stickers/{id}/media", use: download)
    }

    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await uploads.require("account:\(account.id)", what: "sticker media uploads this hour")
        let limit = [MediaKind.audio, .video].compactMap { StickerMediaRules.limits(of: $0)?.bytes }.max()!
        let file = try library.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try await request.saveBody(to: file, limit: limit, tooLarge: "a sticker's clip must be at most \(limit >> 20) MiB")
        let (contentType, seconds) = try Self.check(file)
        let seen = try library.inspect(file)
        let before = try await stickers.upload(seen.id, by: account.id)
        if before == nil {
            let used = try await stickers.uploadedBytes(by: account.id)
            try APIError.requireRoom(used: used, adding: seen.size, quota: quota, what: "sticker sounds and videos")
        }
        let ref = try await library.adopt(file, inspected: seen)
        let upload = StickerUpload(id: ref.id, contentType: contentType, size: ref.size, duration: seconds)
        try await stickers.recordUpload(upload, by: account.id)
        return try .json(upload, status: before == nil ? .created : .ok)
    }

    /// What the file is and how long it plays (seconds, to the millisecond), by its bytes, or the 4xx
    /// that says why a sticker cannot carry it.
    static func check(_ file: URL) throws -> (contentType: String, seconds: Double) {
        let data = try Data(contentsOf: file, options: .alwaysMapped)
        guard let type = MediaSniffer.mediaType(data), let kind = MediaKind(contentType: type),
            let limits = StickerMediaRules.limits(of: kind)
        else {
            throw APIError(.unsupportedMediaType, message: "a sticker carries a sound (MP3, M4A, Ogg) or a video (MP4, WebM)")
        }
        guard data.count <= limits.bytes else {
            throw APIError(.bodyTooLarge, message: "a sticker's \(kind.rawValue) must be at most \(limits.bytes >> 20) MiB")
        }
        guard let seconds = MediaDuration.seconds(of: data, contentType: type) else {
            throw APIError.validation([
                FieldError("file", "cannot tell how long this \(kind.rawValue) plays; save it again as \(kind.formats)")
            ])
        }
        guard seconds <= limits.seconds else {
            throw APIError.validation([
                FieldError(
                    "file", "plays \(Int(seconds.rounded(.up))) s; a sticker's \(kind.rawValue) may play at most \(Int(limits.seconds)) s")
            ])
        }
        return (type, (seconds * 1000).rounded() / 1000)
    }

    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id: Sticker.ID = try context.idParameter("id")
        guard let sticker = try await stickers.sticker(id: id, viewer: try await accounts.viewer(context.account?.id)) else {
            throw APIError.notFound("no such sticker")
        }
        guard let media = sticker.media, let type = media.contentType, let file = try await library.file(of: media.id) else {
            throw APIError.notFound("this sticker carries no sound or video")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        // Private to whoever may see the sticker: no shared cache keeps it.
        return try await Response.file(
            at: file.path, size: size, contentType: type, etag: media.id, request: request, context: context,
            cacheControl: "private, no-cache")
    }
}

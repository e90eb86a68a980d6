import Foundation

/// A sound or a short video a sticker carries (the StickARs seed's "audio, video" stickers): uploaded
/// first (`POST /v1/stickers/media`), then named by its id in the sticker. The server fills in what
/// the file is and how long it plays from the upload; what a client says about them is not kept.
public struct StickerMedia: Sendable, Hashable, Codable {
    /// SHA-256 of the bytes, hex.
    public var id: String
    public var contentType: String?
    /// Seconds.
    public var duration: Double?

    public init(id: String, contentType: String? = nil, duration: Double? = nil) {
        self.id = id
        self.contentType = contentType
        self.duration = duration
    }
}

/// What a sticker's media and link may be.
public enum StickerMediaRules {
    /// The largest file and the longest play of each kind a sticker may carry: a clip, not a film.
    public static func limits(of kind: MediaKind) -> (bytes: Int, seconds: Double)? {
        switch kind {
        case .audio: (8 << 20, 60)
        case .video: (32 << 20, 30)
        case .image, .model: nil
        }
    }

    public static let linkMaximumLength = 2_000

    /// Why a link is refused, or nil: it must be `http` or `https` with a host, and carry no user
    /// name or password (a classic way to disguise where a link goes).
    public static func problem(link: String) -> FieldError? {
        let text = link.trimmingCharacters(in: .whitespaces)
        guard text.count <= linkMaximumLength else { return FieldError("link", "must be at most \(linkMaximumLength) characters") }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { return FieldError("link", "must be an http or https address with a host, like https://example.org/page") }
        return nil
    }
}

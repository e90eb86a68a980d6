import Foundation

/// A design stickers are made from.
public struct StickerTemplate: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A 2D picture (PNG).
        case image
        /// A 3D model (glTF binary, `.glb`).
        case model
        /// A card that shows the sticker's text.
        case text
    }

    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Submitted; usable only by its author until a moderator approves it.
        case pending
        /// In the public library.
        case approved
        case rejected
    }

    public var id: String
    public var name: String
    public var kind: Kind
    public var takesText: Bool
    public var status: Status
    /// Nil for the project's own templates.
    public var authorId: Account.ID?
    public var rejectReason: String?
    /// SHA-256 of the asset (image or model); nil for a text card.
    public var assetId: String?
    public var assetType: String?
    public var previewId: String
    public var createdAt: Date

    public init(
        id: String, name: String, kind: Kind, takesText: Bool, status: Status, authorId: Account.ID?, rejectReason: String? = nil,
        assetId: String?, assetType: String?, previewId: String, createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.takesText = takesText
        self.status = status
        self.authorId = authorId
        self.rejectReason = rejectReason
        self.assetId = assetId
        self.assetType = assetType
        self.previewId = previewId
        self.createdAt = createdAt
    }

    /// Whether `account` may put a sticker on this template.
    public func isUsable(by account: Account.ID) -> Bool {
        status == .approved || (status == .pending && authorId == account)
    }
}

/// The rules a template submission meets.
public enum TemplateRules {
    public static let nameLength = 1...40
    public static let idPattern = "lower-case letters, digits and '-', 3 to 40 characters"
    public static let maximumAssetBytes = 2 << 20
    public static let maximumPreviewBytes = 512 << 10

    /// A submitted design's id begins with its author's username (letters and digits, '-' for '_'
    /// and '.') and a '-', so nobody can take an id the project's own templates will need later:
    /// new built-in ids begin with `wl-`, which no username of 3 or more characters can.
    public static func userNamespace(of username: String) -> String {
        String(username.lowercased().map { $0 == "_" || $0 == "." ? "-" : $0 }) + "-"
    }

    public static func isValidID(_ id: String) -> Bool {
        (3...40).contains(id.count) && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The media type of the bytes if they are what `kind` needs, judged by their signature.
    public static func assetType(of data: Data, for kind: StickerTemplate.Kind) -> String? {
        switch kind {
        case .image: return MediaSniffer.imageType(data)
        case .model: return data.starts(with: Array("glTF".utf8)) && data.count >= 20 ? "model/gltf-binary" : nil
        case .text: return nil
        }
    }
}

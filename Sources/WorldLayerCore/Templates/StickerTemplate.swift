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
    @LowercaseOptionalUUID public var authorId: UUID?
    public var rejectReason: String?
    /// SHA-256 of the asset (image or model); nil for a text card.
    public var assetId: String?
    public var assetType: String?
    public var previewId: String
    public var createdAt: Date

    public init(
        id: String, name: String, kind: Kind, takesText: Bool, status: Status, authorId: UUID?, rejectReason: String? = nil,
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
    public func isUsable(by account: UUID) -> Bool {
        status == .approved || (status == .pending && authorId == account)
    }
}

/// The rules a template submission meets.
public enum TemplateRules {
    public static let nameLength = 1...40
    public static let idPattern = "lower-case letters, digits and '-', 3 to 40 characters"
    public static let maximumAssetBytes = 2 << 20
    public static let maximumPreviewBytes = 512 << 10

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

/// Recognizes files by their first bytes, never by what the client claims.
public enum MediaSniffer {
    /// `image/png` or `image/jpeg` for a well-formed header, else nil.
    public static func imageType(_ data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), data.count > 24 { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]), data.count > 4, data.suffix(2) == Data([0xFF, 0xD9]) { return "image/jpeg" }
        return nil
    }

    /// Pixel size of a PNG or JPEG, read from its header; nil when the header is broken.
    public static func imageSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(1 << 16))
        if imageType(data) == "image/png" {
            guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
            let w = b[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
            return w > 0 && h > 0 ? (w, h) : nil
        }
        guard imageType(data) == "image/jpeg" else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            // Start-of-frame markers carry the size (all SOFn except DHT, JPG and DAC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            i += 2 + length
        }
        return nil
    }
}

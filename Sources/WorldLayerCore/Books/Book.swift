import Foundation

/// A book whose pictures come alive: point a camera at one of its targets and what the target
/// shows (a video, a 3D model, a sound, a link) appears on it.
public struct Book: Codable, Sendable, Equatable {
    public typealias ID = TypedID<Book>

    public var id: ID
    /// Short name used in links and on the command line (`pictures-of-science`).
    public var slug: String
    public var title: String
    public var authors: [String]
    public var description: String
    /// BCP 47 language of the book.
    public var language: String
    public var cover: MediaRef?
    public var targets: [BookTarget]
    public var updatedAt: Date

    public init(
        id: ID, slug: String, title: String, authors: [String], description: String, language: String, cover: MediaRef? = nil,
        targets: [BookTarget], updatedAt: Date = Date()
    ) {
        self.id = id
        self.slug = slug
        self.title = title
        self.authors = authors
        self.description = description
        self.language = language
        self.cover = cover
        self.targets = targets
        self.updatedAt = updatedAt
    }

    /// Every media file the book refers to, cover first, each once.
    public var media: [MediaRef] {
        var seen = Set<String>()
        let files = [cover].compactMap { $0 } + targets.flatMap { [$0.image] + [$0.content.media].compactMap { $0 } }
        return files.filter { seen.insert($0.id).inserted }
    }

    public func target(id: BookTarget.ID) -> BookTarget? { targets.first { $0.id == id } }
}

/// A picture in the book that the camera recognizes, and what it shows.
public struct BookTarget: Codable, Sendable, Equatable {
    public typealias ID = TypedID<BookTarget>

    public var id: ID
    public var name: String
    /// The reference image: the picture as printed.
    public var image: MediaRef
    /// Printed width in metres (ARKit's reference images need their physical size).
    public var physicalWidth: Double
    public var content: TargetContent
    /// Whose picture it is (photographer, archive, licence).
    public var credit: String?
    /// How well the picture can be recognized, measured when it was imported.
    public var quality: TargetQuality?

    public init(
        id: ID, name: String, image: MediaRef, physicalWidth: Double, content: TargetContent, credit: String? = nil,
        quality: TargetQuality? = nil
    ) {
        self.id = id
        self.name = name
        self.image = image
        self.physicalWidth = physicalWidth
        self.content = content
        self.credit = credit
        self.quality = quality
    }
}

/// What appears on a recognized target.
public struct TargetContent: Codable, Sendable, Equatable {
    public var kind: ContentKind
    /// The video, model or sound; nil for a link.
    public var media: MediaRef?
    /// The address a link opens.
    public var url: String?
    /// Plays again from the start when it ends (videos and sounds).
    public var loop: Bool
    /// Starts without sound (the viewer can unmute).
    public var muted: Bool

    public init(kind: ContentKind, media: MediaRef? = nil, url: String? = nil, loop: Bool = true, muted: Bool = false) {
        self.kind = kind
        self.media = media
        self.url = url
        self.loop = loop
        self.muted = muted
    }
}

public enum ContentKind: String, Codable, Sendable, CaseIterable {
    case video, model, audio, link

    /// The media kind content of this kind carries; nil for a link.
    public var media: MediaKind? {
        switch self {
        case .video: .video
        case .model: .model
        case .audio: .audio
        case .link: nil
        }
    }
}

/// A reference image's measured recognizability (see WorldLayerVision's `ReferenceImage`).
public struct TargetQuality: Codable, Sendable, Equatable {
    /// 0…1.
    public var score: Double
    public var keypoints: Int
    public var coverage: Double
    public var distinct: Double
    public var width: Int
    public var height: Int

    public init(score: Double, keypoints: Int, coverage: Double, distinct: Double, width: Int, height: Int) {
        self.score = score
        self.keypoints = keypoints
        self.coverage = coverage
        self.distinct = distinct
        self.width = width
        self.height = height
    }
}

import Crypto
import Foundation
import SQLKit
import WorldLayerCore

/// Media files (tour audio, photos, video, 3D models, sticker clips, book media), content-addressed
/// by SHA-256: `ROOT/ab/abcdef…`. The database's `media` table lists what is there; the bytes never
/// enter it, so a 200 MB video neither bloats the database nor passes through a query.
///
/// Kept in one of two places: this machine's folder (the embedded default, `./data/media`), or an
/// S3 bucket that several servers share. With a bucket, `root` is this server's cache of it: a file
/// is written to the bucket before it is acknowledged, and fetched into the cache the first time
/// this server serves it; files are served from the cache as from the folder, with ranges.
public struct MediaLibrary: Sendable {
    public let root: URL
    public let bucket: S3Bucket?

    public init(root: URL, bucket: S3Bucket? = nil) {
        self.root = root
        self.bucket = bucket
    }

    public enum Problem: Error, CustomStringConvertible, Equatable {
        case unrecognized
        case tooLarge(MediaKind)
        case unreadable(String)

        public var description: String {
            switch self {
            case .unrecognized: "not a PNG or JPEG image, MP3/M4A/Ogg audio, MP4/WebM video or binary glTF (.glb) model"
            case .tooLarge(let kind): "larger than the \(kind.maximumBytes >> 20) MiB allowed for \(kind.rawValue)"
            case .unreadable(let why): why
            }
        }
    }

    /// Where `id` is (or would be) in the folder or the cache; ``file(of:)`` also looks in the bucket.
    public func path(of id: String) -> URL {
        root.appendingPathComponent(String(id.prefix(2))).appendingPathComponent(id)
    }

    /// A fresh file to write an upload into before ``adopt(_:name:)``.
    public func temporaryFile() throws -> URL {
        let folder = root.appendingPathComponent("incoming")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(UUID().uuidString)
    }

    /// What a file is, by its bytes: its hash, type and size, checked against its kind's limit. Nothing is stored.
    public func inspect(_ file: URL, name: String? = nil) throws -> MediaRef {
        let data: Data
        do { data = try Data(contentsOf: file, options: .alwaysMapped) } catch {
            throw Problem.unreadable("cannot read \(name ?? file.lastPathComponent)")
        }
        guard let type = MediaSniffer.mediaType(data), let kind = MediaKind(contentType: type) else { throw Problem.unrecognized }
        guard data.count <= kind.maximumBytes else { throw Problem.tooLarge(kind) }
        let id = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return MediaRef(
            id: id, contentType: type, size: data.count, name: name ?? "media/\(id.prefix(12)).\(MediaSniffer.fileExtension(type))")
    }

    /// Takes a finished file into the library (moving it), after checking what it is and its size
    /// (`inspected`: what ``inspect(_:name:)`` already found, so the file is not read again).
    /// The file is gone afterwards either way.
    public func adopt(_ file: URL, name: String? = nil, inspected: MediaRef? = nil) async throws -> MediaRef {
        defer { try? FileManager.default.removeItem(at: file) }
        let ref = try inspected ?? inspect(file, name: name)
        if let bucket {
            // In the bucket first: once this returns, every server can serve it.
            if try await bucket.contains(ref.id) {
                try await bucket.touch(ref.id)
            } else {
                try await bucket.put(file, key: ref.id, sha256: ref.id, contentType: ref.contentType)
            }
        }
        let target = path(of: ref.id)
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: file, to: target)
        } else {
            // Touched, so a sweep that found it unreferenced a moment ago leaves it for this new owner.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: target.path)
        }
        return ref
    }

    /// Copies a file (from a bundle) into the library.
    public func add(copyOf file: URL, name: String) async throws -> MediaRef {
        let temporary = try temporaryFile()
        do { try FileManager.default.copyItem(at: file, to: temporary) } catch { throw Problem.unreadable("cannot read \(name)") }
        return try await adopt(temporary, name: name)
    }

    public func contains(_ id: String) async throws -> Bool {
        if FileManager.default.fileExists(atPath: path(of: id).path) { return true }
        return try await bucket?.contains(id) ?? false
    }

    /// The file of `id` on this machine: in the folder, or fetched from the bucket into the cache
    /// (another server wrote it); nil when it is in neither.
    public func file(of id: String) async throws -> URL? {
        let local = path(of: id)
        if FileManager.default.fileExists(atPath: local.path) { return local }
        guard let bucket, Self.isHash(id) else { return nil }
        let incoming = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: incoming) }
        guard try await bucket.fetch(id, to: incoming) else { return nil }
        try FileManager.default.createDirectory(at: local.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Two requests may fetch it at once: whichever lands second finds it there.
        if (try? FileManager.default.moveItem(at: incoming, to: local)) == nil, !FileManager.default.fileExists(atPath: local.path) {
            throw Problem.unreadable("cannot keep \(id) in \(root.path)")
        }
        return local
    }

    /// Whether `id` looks like one of ours (64 hex digits), so nothing else is asked of the bucket.
    static func isHash(_ id: String) -> Bool {
        id.utf8.count == 64 && id.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

extension TourStore {
    /// Records that media files are in the library (idempotent).
    public func registerMedia(_ refs: [MediaRef], now: Date? = nil) async throws {
        let now = now ?? clock.now()
        try await transaction { db in try await Self.registerMedia(refs, on: db, now: now) }
    }

    static func registerMedia(_ refs: [MediaRef], on db: any SQLDatabase, now: Date) async throws {
        for ref in refs where try await db.raw("SELECT id FROM media WHERE id = \(bind: ref.id)").first() == nil {
            try await db.raw(
                "INSERT INTO media (id, content_type, size, created_at) VALUES (\(bind: ref.id), \(bind: ref.contentType), \(bind: Int64(ref.size)), \(bind: millis(now)))"
            ).run()
        }
    }

    /// A registered media file's type and size.
    public func media(id: String) async throws -> (contentType: String, size: Int)? {
        try await withConnection { db in
            guard let row = try await db.raw("SELECT content_type, size FROM media WHERE id = \(bind: id)").first() else { return nil }
            return (try row.decode(column: "content_type", as: String.self), Int(try row.decode(column: "size", as: Int64.self)))
        }
    }

    /// Which of these ids are not registered.
    public func missingMedia(_ ids: [String]) async throws -> [String] {
        guard !ids.isEmpty else { return [] }
        let found: Set<String> = try await withConnection { db in
            Set(
                try await db.raw("SELECT id FROM media WHERE id IN (\(SQLList(ids.map { SQLBind($0) })))").all().map {
                    try $0.decode(column: "id", as: String.self)
                })
        }
        return ids.filter { !found.contains($0) }
    }
}

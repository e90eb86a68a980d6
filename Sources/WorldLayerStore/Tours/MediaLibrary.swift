import Crypto
import Foundation
import SQLKit
import WorldLayerCore

/// Media files (tour audio, photos, video, 3D models) kept on disk, content-addressed by SHA-256:
/// `ROOT/ab/abcdef…`. The database's `media` table lists what is there; the bytes never enter it,
/// so a 200 MB video neither bloats the database nor passes through a query. Several servers share
/// one mounted folder (the embedded default is `./data/media`).
public struct MediaLibrary: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

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
    public func adopt(_ file: URL, name: String? = nil, inspected: MediaRef? = nil) throws -> MediaRef {
        defer { try? FileManager.default.removeItem(at: file) }
        let ref = try inspected ?? inspect(file, name: name)
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
    public func add(copyOf file: URL, name: String) throws -> MediaRef {
        let temporary = try temporaryFile()
        do { try FileManager.default.copyItem(at: file, to: temporary) } catch { throw Problem.unreadable("cannot read \(name)") }
        return try adopt(temporary, name: name)
    }

    public func contains(_ id: String) -> Bool { FileManager.default.fileExists(atPath: path(of: id).path) }
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

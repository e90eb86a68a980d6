import Foundation
import SQLKit

extension MediaLibrary {
    /// What a sweep removed.
    public struct SweepReport: Sendable, Equatable {
        public var files = 0
        public var bytes = 0
    }

    /// Removes files nothing refers to: library files not in `inUse` and uploads left half-written in
    /// `incoming/` (a client that hung up, a server killed mid-upload), both untouched since `cutoff`.
    /// The grace keeps an upload that is adopted but not yet recorded, and ``adopt(_:name:)`` touches a
    /// file it finds already there, so a clip uploaded again as its last owner leaves is kept.
    /// With a bucket, its unreferenced objects go by the same rule, and the cache is swept as a folder.
    public func sweep(keeping inUse: Set<String>, untouchedSince cutoff: Date) async throws -> SweepReport {
        var report = sweepFolder(keeping: inUse, untouchedSince: cutoff)
        guard let bucket else { return report }
        for object in try await bucket.list() where object.modified < cutoff && !inUse.contains(object.key) && Self.isHash(object.key) {
            try await bucket.delete(object.key)
            report.files += 1
            report.bytes += object.size
        }
        return report
    }

    private func sweepFolder(keeping inUse: Set<String>, untouchedSince cutoff: Date) -> SweepReport {
        var report = SweepReport()
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) else { return report }
        for folder in folders {
            let incoming = folder.lastPathComponent == "incoming"
            guard incoming || folder.lastPathComponent.count == 2,
                let files = try? manager.contentsOfDirectory(
                    at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey])
            else { continue }
            for file in files {
                guard let values = try? file.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]),
                    values.isRegularFile == true, let modified = values.contentModificationDate, modified < cutoff,
                    incoming || !inUse.contains(file.lastPathComponent)
                else { continue }
                if (try? manager.removeItem(at: file)) != nil {
                    report.files += 1
                    report.bytes += values.fileSize ?? 0
                }
            }
        }
        return report
    }
}

extension Store {
    /// Every media file some row refers to: tour and book media, and sticker clips.
    public func mediaInUse() async throws -> Set<String> {
        try await withConnection { db in
            Set(
                try await db.raw("SELECT id FROM media UNION SELECT id FROM sticker_media").all().map {
                    try $0.decode(column: "id", as: String.self)
                })
        }
    }
}

extension MediaLibrary {
    /// Every file the library holds, by id: the bucket's objects when it has one, else the folder's.
    public func ids() async throws -> [String] {
        if let bucket { return try await bucket.list().map(\.key).filter(Self.isHash) }
        let manager = FileManager.default
        let folders = (try? manager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
        return folders.filter { $0.lastPathComponent.count == 2 }.flatMap { folder in
            ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter(Self.isHash)
        }.sorted()
    }
}

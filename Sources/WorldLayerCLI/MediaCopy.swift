import Foundation
import WorldLayerCore
import WorldLayerStore

/// Copies every media file one library holds and another lacks, each checked by its SHA-256 on the
/// way in: `media migrate`, and `backup`/`restore` when the media are in a bucket.
struct MediaCopy {
    var copied = 0, present = 0
    var bytes: Int64 = 0

    /// `sourceName` names the source in a refusal. A target bucket is made if it does not exist;
    /// files that pass through a cache (a bucket's) are not left there.
    static func run(from source: MediaLibrary, named sourceName: String, to target: MediaLibrary, progress: ProgressBar) async throws
        -> MediaCopy
    {
        var result = MediaCopy()
        if let bucket = target.bucket { try await bucket.create() }
        let ids = try await source.ids()
        for (done, id) in ids.enumerated() {
            defer { progress.update(done + 1, of: ids.count) }
            if try await target.contains(id) {
                result.present += 1
                continue
            }
            guard let file = try await source.file(of: id) else {
                throw CommandFailure("\(id) was listed in \(sourceName) but cannot be read")
            }
            let ref = try await target.add(copyOf: file, name: id)
            guard ref.id == id else {
                throw CommandFailure(
                    "\(sourceName)'s \(id) holds other bytes (SHA-256 \(ref.id)); it was copied under its true hash, stopping")
            }
            if source.bucket != nil { try? FileManager.default.removeItem(at: file) }  // the cache's copy, not the source
            if target.bucket != nil { try? FileManager.default.removeItem(at: target.path(of: id)) }
            result.copied += 1
            result.bytes += Int64(ref.size)
        }
        progress.finish()
        return result
    }
}

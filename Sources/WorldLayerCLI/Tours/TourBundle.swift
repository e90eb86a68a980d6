import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import ZIPFoundation

/// A tour bundle: a folder (or a .zip of one) holding `tour.yaml` and the media files it names.
/// Reading checks everything — the YAML, every field, every file's bytes — before anything is
/// stored, so a bundle with one fault is rejected whole.
enum TourBundle {
    /// The tour with its media identified, and where each file is in the bundle.
    struct Contents {
        var tour: Tour
        var files: [String: URL]
    }

    /// Reads and checks a bundle folder or zip. For a zip, `scratch` receives its unpacked files.
    static func read(_ url: URL, library: MediaLibrary, scratch: URL) throws -> Contents {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { throw CommandFailure("\(url.path): no such file or folder") }
        var folder = url
        if !isFolder.boolValue {
            do {
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                try FileManager.default.unzipItem(at: url, to: scratch)
            } catch {
                throw CommandFailure("\(url.lastPathComponent): not a folder or a readable .zip bundle")
            }
            folder = scratch
            // A zip of the folder itself holds one folder with tour.yaml inside.
            if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(TourYAML.fileName).path),
                let only = try? FileManager.default.contentsOfDirectory(at: scratch, includingPropertiesForKeys: nil).filter({ $0.hasDirectoryPath }),
                only.count == 1
            {
                folder = only[0]
            }
        }
        let yamlURL = folder.appendingPathComponent(TourYAML.fileName)
        guard let data = try? Data(contentsOf: yamlURL) else { throw BundleProblem(message: "is missing from \(url.lastPathComponent)") }
        guard let text = String(data: data, encoding: .utf8) else { throw BundleProblem(message: "is not UTF-8 text") }
        let parsed = try TourYAML.parse(text)
        var tour = parsed.tour
        var files: [String: URL] = [:]
        func identify(_ ref: MediaRef, _ field: String) throws -> MediaRef {
            let file = folder.appendingPathComponent(ref.name)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw BundleProblem(line: parsed.line(of: field), field: field, message: "\(ref.name) is not in the bundle")
            }
            do {
                let identified = try library.inspect(file, name: ref.name)
                files[ref.name] = file
                return identified
            } catch let problem as MediaLibrary.Problem {
                throw BundleProblem(line: parsed.line(of: field), field: field, message: "\(ref.name) is \(problem)")
            }
        }
        if let cover = tour.cover { tour.cover = try identify(cover, "cover") }
        for i in tour.stops.indices {
            for j in tour.stops[i].media.indices {
                tour.stops[i].media[j] = try identify(tour.stops[i].media[j], "stops[\(i)].media[\(j)]")
            }
        }
        if let first = tour.problems().first {
            throw BundleProblem(line: parsed.line(of: first.field), field: first.field, message: first.message)
        }
        return Contents(tour: tour, files: files)
    }

    /// Imports a bundle: media into the library, then the tour (created or replaced) in one step.
    static func importBundle(_ url: URL, store: Store, library: MediaLibrary) async throws -> Tour {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-tour-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let contents: Contents
        do {
            contents = try read(url, library: library, scratch: scratch)
        } catch let problem as BundleProblem {
            throw CommandFailure("\(url.lastPathComponent): \(problem); nothing was imported")
        }
        let refs = contents.tour.media
        for ref in refs where !library.contains(ref.id) {
            _ = try library.add(copyOf: contents.files[ref.name]!, name: ref.name)
        }
        try await store.registerMedia(refs)
        do {
            try await store.saveTour(contents.tour)
        } catch TourSaveError.slugTaken(let slug) {
            throw CommandFailure("\(url.lastPathComponent): another tour already has the slug “\(slug)”; nothing was imported")
        }
        return contents.tour
    }

    /// Writes a tour as a bundle folder, or as a .zip when the path ends in `.zip`.
    static func export(_ tour: Tour, library: MediaLibrary, to url: URL) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else { throw CommandFailure("\(url.path) exists already; name a new folder or .zip") }
        let zip = url.pathExtension.lowercased() == "zip"
        let folder = zip ? FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-export-\(UUID().uuidString)") : url
        defer { if zip { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TourYAML.render(tour).utf8).write(to: folder.appendingPathComponent(TourYAML.fileName))
        for ref in tour.media {
            let target = folder.appendingPathComponent(ref.name)
            guard library.contains(ref.id) else { throw CommandFailure("the media library has lost \(ref.name) (\(ref.id)); re-import the tour") }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: library.path(of: ref.id), to: target)
        }
        if zip { try FileManager.default.zipItem(at: folder, to: url, shouldKeepParent: false) }
    }
}

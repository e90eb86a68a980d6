import Foundation
import WorldLayerCore
import WorldLayerStore
import ZIPFoundation

/// What tour and book bundles share: a folder (or a .zip of one) holding a YAML file and the
/// media it names, read and checked whole before anything is stored, and written back the same way.
enum BundleFolder {
    /// The folder holding `fileName`: the bundle itself, or where its zip was unpacked into `scratch`.
    static func open(_ url: URL, fileName: String, scratch: URL) throws -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw CommandFailure("\(url.path): no such file or folder")
        }
        if isFolder.boolValue { return url }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try BundleZip.unpack(url, into: scratch)
        } catch let refusal as BundleZip.Refusal {
            throw CommandFailure("\(url.lastPathComponent): \(refusal); nothing was imported")
        } catch {
            throw CommandFailure("\(url.lastPathComponent): not a folder or a readable .zip bundle")
        }
        // A zip of the folder itself holds one folder with the YAML file inside.
        if !FileManager.default.fileExists(atPath: scratch.appendingPathComponent(fileName).path),
            let only = try? FileManager.default.contentsOfDirectory(at: scratch, includingPropertiesForKeys: nil).filter({
                $0.hasDirectoryPath
            }),
            only.count == 1
        {
            return only[0]
        }
        return scratch
    }

    /// The bundle's YAML file as text.
    static func text(of fileName: String, in folder: URL, bundle: URL) throws(BundleProblem) -> String {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)) else {
            throw BundleProblem(file: fileName, message: "is missing from \(bundle.lastPathComponent)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw BundleProblem(file: fileName, message: "is not UTF-8 text") }
        return text
    }

    /// A file the YAML names, checked by its bytes: its identity, and where it is.
    static func identify(_ ref: MediaRef, in folder: URL, library: MediaLibrary, problem: (String) -> BundleProblem) throws -> (
        MediaRef, URL
    ) {
        let file = folder.appendingPathComponent(ref.name)
        guard FileManager.default.fileExists(atPath: file.path) else { throw problem("\(ref.name) is not in the bundle") }
        do {
            return (try library.inspect(file, name: ref.name), file)
        } catch let failure as MediaLibrary.Problem {
            throw problem("\(ref.name) is \(failure)")
        }
    }

    /// Imports a bundle: `read` checks it whole (a zip is unpacked into a scratch folder that lives
    /// until `save` is done), then `save` stores it. A problem `read` finds becomes the one-line refusal.
    static func importing<Contents, Result>(
        _ url: URL, read: (URL) throws -> Contents, save: (Contents) async throws -> Result
    ) async throws -> Result {
        let scratch = scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let contents: Contents
        do {
            contents = try read(scratch)
        } catch let problem as BundleProblem {
            throw CommandFailure("\(url.lastPathComponent): \(problem); nothing was imported")
        }
        return try await save(contents)
    }

    /// Copies the bundle's files into the media library (those it lacks) and registers them.
    static func store(_ refs: [MediaRef], files: [String: URL], library: MediaLibrary, in store: Store) async throws {
        for ref in refs where try await !library.contains(ref.id) {
            _ = try await library.add(copyOf: files[ref.name]!, name: ref.name)
        }
        try await store.tours.registerMedia(refs)
    }

    /// Writes a bundle: a new folder, or a .zip when the path ends in `.zip`.
    static func write(yaml: String, fileName: String, media: [MediaRef], library: MediaLibrary, to url: URL, reimport: String) async throws
    {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw CommandFailure("\(url.path) exists already; name a new folder or .zip")
        }
        let zip = url.pathExtension.lowercased() == "zip"
        let folder = zip ? FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-export-\(UUID().uuidString)") : url
        defer { if zip { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(yaml.utf8).write(to: folder.appendingPathComponent(fileName))
        for ref in media {
            let target = folder.appendingPathComponent(ref.name)
            guard let file = try await library.file(of: ref.id) else {
                throw CommandFailure("the media library has lost \(ref.name) (\(ref.id)); \(reimport)")
            }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: target)
        }
        if zip { try StableZip.write(folder, to: url) }
    }

    /// A scratch folder for unpacking a zip.
    private static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-bundle-\(UUID().uuidString)")
    }
}

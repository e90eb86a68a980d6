import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

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
        let folder = try BundleFolder.open(url, fileName: TourYAML.fileName, scratch: scratch)
        let parsed = try TourYAML.parse(try BundleFolder.text(of: TourYAML.fileName, in: folder, bundle: url))
        var tour = parsed.value
        var files: [String: URL] = [:]
        func identify(_ ref: MediaRef, _ field: String) throws -> MediaRef {
            let (identified, file) = try BundleFolder.identify(ref, in: folder, library: library) { parsed.problem(field, $0) }
            files[ref.name] = file
            return identified
        }
        if let cover = tour.cover { tour.cover = try identify(cover, "cover") }
        for i in tour.stops.indices {
            for j in tour.stops[i].media.indices {
                tour.stops[i].media[j] = try identify(tour.stops[i].media[j], "stops[\(i)].media[\(j)]")
            }
            tour.stops[i].sign = try tour.stops[i].sign.map { try identify($0, "stops[\(i)].sign") }
            tour.stops[i].ambient = try tour.stops[i].ambient.map { try identify($0, "stops[\(i)].ambient") }
        }
        for language in (tour.translations ?? [:]).keys.sorted() {
            for j in tour.translations![language]!.stops.indices {
                tour.translations![language]!.stops[j].narration = try tour.translations![language]!.stops[j].narration.map {
                    try identify($0, "translations.\(language).stops[\(j)].narration")
                }
            }
        }
        if let first = tour.problems().first {
            throw parsed.problem(first.field, first.message)
        }
        return Contents(tour: tour, files: files)
    }

    /// Imports a bundle: media into the library, then the tour (created or replaced) in one step.
    static func importBundle(_ url: URL, store: Store, library: MediaLibrary) async throws -> Tour {
        try await BundleFolder.importing(url, read: { try read(url, library: library, scratch: $0) }) { contents in
            try await BundleFolder.store(contents.tour.media, files: contents.files, library: library, in: store)
            do {
                try await store.tours.save(contents.tour)
            } catch TourSaveError.slugTaken(let slug) {
                throw CommandFailure("\(url.lastPathComponent): another tour already has the slug “\(slug)”; nothing was imported")
            }
            return contents.tour
        }
    }

    /// Writes a tour as a bundle folder, or as a .zip when the path ends in `.zip`.
    static func export(_ tour: Tour, library: MediaLibrary, to url: URL) async throws {
        try await BundleFolder.write(
            yaml: TourYAML.render(tour), fileName: TourYAML.fileName, media: tour.media, library: library, to: url,
            reimport: "re-import the tour")
    }
}

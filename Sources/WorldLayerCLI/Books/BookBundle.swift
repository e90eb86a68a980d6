import Foundation
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// A book bundle: a folder (or a .zip of one) holding `book.yaml`, the pictures to recognize and
/// what they show. Everything is checked before anything is stored — fields, files, and whether
/// each picture can be recognized at all — so a bundle with one fault is rejected whole.
enum BookBundle {
    struct Contents {
        var book: Book
        var files: [String: URL]
        /// Each target's local features, for the recognizer.
        var features: [BookTarget.ID: Data]
    }

    static func read(_ url: URL, library: MediaLibrary, scratch: URL) throws -> Contents {
        let folder = try BundleFolder.open(url, fileName: BookYAML.fileName, scratch: scratch)
        let parsed = try BookYAML.parse(try BundleFolder.text(of: BookYAML.fileName, in: folder, bundle: url))
        let problem = parsed.problem
        var book = parsed.value
        var files: [String: URL] = [:]
        func identify(_ ref: MediaRef, _ field: String) throws -> MediaRef {
            let (identified, file) = try BundleFolder.identify(ref, in: folder, library: library) { problem(field, $0) }
            files[ref.name] = file
            return identified
        }
        if let cover = book.cover { book.cover = try identify(cover, "cover") }
        for i in book.targets.indices {
            book.targets[i].image = try identify(book.targets[i].image, "targets[\(i)].image")
            if let media = book.targets[i].content.media {
                book.targets[i].content.media = try identify(media, "targets[\(i)].\(book.targets[i].content.kind.rawValue)")
            }
        }
        if let first = book.problems().first { throw problem(first.field, first.message) }
        var features: [BookTarget.ID: Data] = [:]
        for i in book.targets.indices {
            let target = book.targets[i]
            let field = "targets[\(i)].image"
            guard let bytes = try? Data(contentsOf: files[target.image.name]!) else {
                throw problem(field, "\(target.image.name) cannot be read")
            }
            if let why = DecodeLimit.picture.problem(with: bytes) { throw problem(field, "\(target.image.name) \(why)") }
            guard let reference = ReferenceImage(encoded: bytes) else {
                throw problem(field, "\(target.image.name) cannot be decoded as a picture")
            }
            if let why = reference.problems.first { throw problem(field, "\(target.image.name) cannot be recognized reliably: \(why)") }
            book.targets[i].quality = TargetQuality(
                score: reference.score, keypoints: reference.keypoints, coverage: reference.coverage, distinct: reference.distinct,
                width: reference.width, height: reference.height)
            features[target.id] = reference.features
        }
        return Contents(book: book, files: files, features: features)
    }

    /// Imports a bundle: files into the media library, then the book (created or replaced) with its targets' features.
    static func importBundle(_ url: URL, store: Store, library: MediaLibrary) async throws -> Book {
        try await BundleFolder.importing(url, read: { try read(url, library: library, scratch: $0) }) { contents in
            try await BundleFolder.store(contents.book.media, files: contents.files, library: library, in: store)
            do {
                try await store.books.save(contents.book, features: contents.features)
            } catch BookSaveError.slugTaken(let slug) {
                throw CommandFailure("\(url.lastPathComponent): another book already has the slug “\(slug)”; nothing was imported")
            }
            return contents.book
        }
    }

    static func export(_ book: Book, library: MediaLibrary, to url: URL) async throws {
        try await BundleFolder.write(
            yaml: BookYAML.render(book), fileName: BookYAML.fileName, media: book.media, library: library, to: url,
            reimport: "re-import the book")
    }
}

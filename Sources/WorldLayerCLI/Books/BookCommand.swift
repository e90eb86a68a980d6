import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerStore

/// `worldlayer book …`: list books, show one's targets with their quality, delete one.
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Manage books (import and export bundles with `import book` and `export book`).",
        subcommands: [List.self, Show.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List books, one per line: slug, targets, title, authors, id.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            for b in try await database.withStore({ try await $0.books.list() }) {
                print(
                    "\(b.slug)\t\(b.targets.count) targets\t\(b.title)\t\(b.authors.joined(separator: ", "))\t\(b.id.text)"
                )
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a book's targets: what each shows, its printed width and how recognizable it is.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The book's slug or id.") var book: String

        func run() async throws {
            let b = try await database.withStore { try await Self.find(book, in: $0) }
            print("\(b.title) — \(b.authors.joined(separator: ", ")) (\(b.language)), \(b.targets.count) targets")
            for (i, t) in b.targets.enumerated() {
                let quality = t.quality.map { String(format: "quality %.2f, %d points", $0.score, $0.keypoints) } ?? "quality unknown"
                print("\(i + 1). \(t.name)  [\(t.content.kind.rawValue), \(Int((t.physicalWidth * 100).rounded())) cm wide, \(quality)]")
            }
        }

        static func find(_ text: String, in store: Store) async throws -> Book {
            guard let b = try await store.books.book(idOrSlug: text) else {
                throw CommandFailure("no book '\(text)' (see 'worldlayer book list')")
            }
            return b
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a book (its media files stay in the library).")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The book's slug or id.") var book: String

        func run() async throws {
            let slug = try await database.withStore { store in
                let b = try await Show.find(book, in: store)
                _ = try await store.books.delete(id: b.id)
                return b.slug
            }
            print("deleted \(slug)")
        }
    }
}

extension ImportCommand {
    struct BookBundleImport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "book",
            abstract: "Import a book bundle (a folder or .zip with book.yaml, its pictures and media); a book with the same id is replaced."
        )

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var media: MediaOptions
        @Argument(help: "The bundle folder or .zip.") var bundle: String

        func run() async throws {
            let book = try await database.withStore {
                try await BookBundle.importBundle(URL(fileURLWithPath: bundle), store: $0, library: try media.library())
            }
            let worst = book.targets.compactMap(\.quality?.score).min() ?? 0
            print(
                "imported \(book.slug): “\(book.title)”, \(book.targets.count) targets (lowest quality \(String(format: "%.2f", worst))), \(book.media.count) media files"
            )
        }
    }
}

extension ExportCommand {
    struct BookBundleExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "book", abstract: "Write a book as a bundle: a new folder, or a .zip when PATH ends in .zip.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var media: MediaOptions
        @Argument(help: "The book's slug or id.") var book: String
        @Argument(help: "Where to write it (must not exist).") var path: String

        func run() async throws {
            let b = try await database.withStore { try await BookCommand.Show.find(book, in: $0) }
            try await BookBundle.export(b, library: try media.library(), to: URL(fileURLWithPath: path))
            print("exported \(b.slug) to \(path): \(b.targets.count) targets, \(b.media.count) media files")
        }
    }
}

import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `worldlayer tour …`: list tours, show one, name its guides, delete it.
struct TourCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour", abstract: "Manage tours (import and export bundles with `import tour` and `export tour`).",
        subcommands: [List.self, Show.self, Guide.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tours, one per line: slug, mode, stops, title, id.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            for t in try await database.withStore({ try await $0.tours.list() }) {
                print("\(t.slug)\t\(t.mode.rawValue)\t\(t.stops.count) stops\t\(t.title)\t\(t.id.text)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a tour's stops in order.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The tour's slug or id.") var tour: String

        func run() async throws {
            let t = try await database.withStore { try await Self.find(tour, in: $0) }
            print("\(t.title) (\(t.mode.rawValue), \(t.language)) — \(t.stops.count) stops")
            for (i, s) in t.stops.enumerated() {
                let place = s.position.map { String(format: "%.5f,%.5f", $0.latitude, $0.longitude) } ?? "indoors"
                let beacon = s.beacon.map { "  beacon \($0.key)" } ?? ""
                print("\(i + 1). \(s.title)  [\(s.kind.rawValue), \(place), \(Int(s.radius)) m]\(beacon)")
            }
        }

        static func find(_ text: String, in store: Store) async throws -> Tour {
            guard let t = try await store.tours.tour(idOrSlug: text) else {
                throw CommandFailure("no tour '\(text)' (see 'worldlayer tour list')")
            }
            return t
        }
    }

    struct Guide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let an account guide a tour (create groups and passkeys, read and answer questions), or stop it with --remove.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The tour's slug or id.") var tour: String
        @Argument(help: "The guide's username.") var username: String
        @Flag(help: "Take the role away instead.") var remove = false

        func run() async throws {
            let message = try await database.withStore { store in
                let t = try await Show.find(tour, in: store)
                guard let account = try await store.accounts.account(username: username) else {
                    throw CommandFailure("no account named '\(username)'")
                }
                try await store.tours.setGuide(accountID: account.id, tourID: t.id, isGuide: !remove)
                return remove ? "\(account.username) no longer guides \(t.slug)" : "\(account.username) now guides \(t.slug)"
            }
            print(message)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a tour with its groups, questions and visitors' stamps.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The tour's slug or id.") var tour: String

        func run() async throws {
            let slug = try await database.withStore { store in
                let t = try await Show.find(tour, in: store)
                _ = try await store.tours.delete(id: t.id)
                return t.slug
            }
            print("deleted \(slug)")
        }
    }
}

extension ImportCommand {
    struct TourBundleImport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tour",
            abstract: "Import a tour bundle (a folder or .zip with tour.yaml and its media); a tour with the same id is replaced.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var media: MediaOptions
        @Argument(help: "The bundle folder or .zip.") var bundle: String

        func run() async throws {
            let tour = try await database.withStore {
                try await TourBundle.importBundle(URL(fileURLWithPath: bundle), store: $0, library: try media.library())
            }
            print("imported \(tour.slug): “\(tour.title)”, \(tour.stops.count) stops, \(tour.media.count) media files")
        }
    }
}

extension ExportCommand {
    struct TourBundleExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tour", abstract: "Write a tour as a bundle: a new folder, or a .zip when PATH ends in .zip.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var media: MediaOptions
        @Argument(help: "The tour's slug or id.") var tour: String
        @Argument(help: "Where to write it (must not exist).") var path: String

        func run() async throws {
            let t = try await database.withStore { try await TourCommand.Show.find(tour, in: $0) }
            try await TourBundle.export(t, library: try media.library(), to: URL(fileURLWithPath: path))
            print("exported \(t.slug) to \(path): \(t.stops.count) stops, \(t.media.count) media files")
        }
    }
}

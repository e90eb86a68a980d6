import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerOSM
import WorldLayerServices
import WorldLayerStore

/// `worldlayer demo seed`: the demo world `make run` starts with — the walking network and
/// places (first start only), restricted zones and a few public stickers by a `demo` account
/// at real places of the OSM extract. Idempotent.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "Demo data.", subcommands: [Seed.self])

    struct Seed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import restricted zones and place demo stickers at real places of an OSM extract (safe to run again).")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var media: MediaOptions
        @Option(help: "The OpenStreetMap extract.") var osm = "demo/helsinki.osm.pbf"
        @Option(help: "How many demo stickers.") var stickers = 24
        @Option(help: "The demo book bundle (made by scripts/generate-demo-book.py); default: book/ beside the extract.") var book: String?

        func run() async throws {
            let url = URL(fileURLWithPath: osm)
            var places: [OSMNode] = []
            let zones: [RestrictedZone]
            do {
                zones = try OSMZones.extract(from: url)
                try OSMFile.read(url) { element in
                    if case .node(let n) = element, n.tags["name"] != nil, n.tags["tourism"] != nil || n.tags["historic"] != nil,
                        OSMZones.kind(of: n.tags) == nil
                    {
                        places.append(n)
                    }
                }
            } catch let error as OSMReadError {
                throw CommandFailure("\(osm): \(error.description)")
            }
            let store = try await database.openStore()
            // The walking network and places: imported on the first start only (an import is how to refresh them).
            let mapMessage =
                try await store.places.mapVersions().network == 0 ? try await MapImporter.run(file: osm, store: store, quiet: true) : nil
            _ = try await BuiltinTemplates.install(into: store)
            let newZones = try await store.zones.putZones(zones)
            let account = try await demoAccount(store)
            let templates = try await store.templates.list(for: nil)
            let existing = Set(try await store.stickers.stickers(by: account.id, limit: 10_000).map(\.id))
            var placed = 0
            for (i, place) in places.sorted(by: { $0.id < $1.id }).prefix(stickers).enumerated() {
                let template = templates[i % templates.count]
                let kind = place.tags["tourism"] ?? place.tags["historic"] ?? "place"
                let draft = StickerDraft(
                    templateId: template.id,
                    text: template.takesText ? String((place.tags["name"] ?? "").prefix(StickerRules.textMaximumLength)) : "",
                    tags: ["helsinki", Tag.normalize(kind)].filter(Tag.isValid),
                    color: ["#FFD60A", "#FF6B6B", "#4ECDC4", "#A78BFA"][i % 4],
                    size: template.kind == .model ? 1.0 : 0.5,
                    anchor: StickerAnchor(latitude: place.latitude, longitude: place.longitude, altitude: 20, accuracy: 5))
                let id = Sticker.ID(String(format: "00000000-0000-4000-8001-%012llx", place.id))!
                guard !existing.contains(id) else { continue }
                do {
                    let (sticker, _) = try await store.stickers.put(id: id, draft: draft, author: account, expectedVersion: nil)
                    if sticker.state == .unpublished {
                        _ = try await store.stickers.place(id: id, author: account.id, expectedVersion: sticker.version)
                    }
                    placed += 1
                } catch let error as StickerWriteError {
                    FileHandle.standardError.write(Data("skipped \(place.tags["name"] ?? "?"): \(error)\n".utf8))
                }
            }
            let tourMessage: String
            let bookMessage: String
            do {
                tourMessage = try await DemoTour.install(store: store, library: try media.library())
                bookMessage = try await installBook(store)
            } catch {
                try await store.close()
                throw error
            }
            try await store.close()
            if let mapMessage { print("demo: \(mapMessage)") }
            print("demo: \(tourMessage)")
            print("demo: \(bookMessage)")
            print("demo: \(zones.count) restricted zones (\(newZones) new), \(existing.count + placed) stickers by @demo (\(placed) new)")
        }

        /// The demo book, imported once (an import of the bundle is how to refresh it).
        private func installBook(_ store: Store) async throws -> String {
            let bundle =
                book.map { URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: osm).deletingLastPathComponent().appendingPathComponent("book")
            let parsed = try BookYAML.parse(try BundleFolder.text(of: BookYAML.fileName, in: bundle, bundle: bundle))
            if let existing = try await store.books.book(idOrSlug: parsed.value.id.text) {
                return "book “\(existing.title)” (\(existing.targets.count) pictures) is loaded"
            }
            let imported = try await BookBundle.importBundle(bundle, store: store, library: try media.library())
            return "book “\(imported.title)” loaded: \(imported.targets.count) pictures that play videos"
        }

        private func demoAccount(_ store: Store) async throws -> Account {
            if let existing = try await store.accounts.account(username: "demo") { return existing }
            // No password can match "!", so nobody logs in as the demo account.
            return try await store.accounts.create(
                NewAccount(
                    username: "demo", email: "demo@worldlayer.invalid", displayName: "WorldLayer demo", birthday: "2000-01-01",
                    passwordHash: "!"))
        }
    }
}

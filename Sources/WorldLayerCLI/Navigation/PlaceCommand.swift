import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `worldlayer place …`: admins' tools for places (the same changes the API makes).
struct PlaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place", abstract: "Search, add and edit places and add their photos.",
        subcommands: [Search.self, Show.self, Add.self, Edit.self, Photo.self])

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Search places by name (prefix, accents and small typos forgiven).")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "What to look for.") var text: String

        func run() async throws {
            let places = try await database.withStore { try await $0.places.all() }
            let hits = PlaceSearchIndex(places).search(text, limit: 20)
            guard !hits.isEmpty else { throw CommandFailure("no place matches '\(text)'") }
            let byID = Dictionary(uniqueKeysWithValues: places.map { ($0.id.uuid, $0) })
            for h in hits { if let p = byID[h.id] { print("\(p.id.text)\t\(p.kind)\t\(p.name)") } }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a place as JSON.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The place's id.") var id: String

        func run() async throws {
            let place = try await PlaceCommand.load(id, database)
            print(String(decoding: try WireJSON.prettyEncoder.encode(place), as: UTF8.self))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a place that OpenStreetMap lacks.")
        @OptionGroup var database: DatabaseOptions
        @Option(help: "Its name.") var name: String
        @Option(help: "What it is, e.g. amenity:library or building:university.") var kind: String
        @Option(help: "Where it is: 'lat,lon'.") var at: String
        @Option(help: "A description shown on its page.") var description: String?

        func run() async throws {
            let position = try PlaceCommand.coordinate(at)
            let edit = PlaceEdit(name: name, kind: kind, position: position, description: description)
            try PlaceCommand.check(edit)
            let id = Place.ID()
            let place = Place(
                id: id, name: name.trimmingCharacters(in: .whitespaces), kind: kind, position: position, description: description,
                source: "admin:\(id.text)", updatedAt: Date())
            let store = try await database.openStore()
            try await store.places.create(place)
            try await store.close()
            print("added \(id.text)\t\(kind)\t\(place.name)")
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a place; the change survives re-imports of OSM data.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The place's id.") var id: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new kind.") var kind: String?
        @Option(help: "A new position: 'lat,lon'.") var at: String?
        @Option(help: "A new description.") var description: String?
        @Option(name: .customLong("opening-hours"), help: "Opening hours in OSM's syntax, e.g. 'Mo-Fr 08:00-18:00'.") var openingHours:
            String?
        @Option(help: "A new address.") var address: String?

        func run() async throws {
            guard let uuid = Place.ID(id) else { throw ValidationError("'\(id)' is not a place id") }
            let edit = PlaceEdit(
                name: name, kind: kind, position: try at.map(PlaceCommand.coordinate), description: description, openingHours: openingHours,
                address: address)
            guard edit != PlaceEdit() else { throw ValidationError("say what to change (--name, --description, …)") }
            try PlaceCommand.check(edit)
            let store = try await database.openStore()
            let place = try await store.places.edit(id: uuid, edit)
            try await store.close()
            guard let place else { throw CommandFailure("no place with id \(id)") }
            print("edited \(place.id.text)\t\(place.kind)\t\(place.name)")
        }
    }

    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a photo (PNG or JPEG) of a place.")
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The place's id.") var id: String
        @Argument(help: "The image file.") var file: String
        @Option(help: "interior or exterior.") var kind: PhotoKind = .exterior

        func run() async throws {
            guard let uuid = Place.ID(id) else { throw ValidationError("'\(id)' is not a place id") }
            guard let data = FileManager.default.contents(atPath: file) else { throw CommandFailure("cannot read \(file)") }
            guard let type = MediaSniffer.imageType(data), MediaSniffer.imageSize(data) != nil else {
                throw CommandFailure("\(file) is not a PNG or JPEG image")
            }
            let store = try await database.openStore()
            let photo = try await store.places.addPhoto(placeID: uuid, kind: kind, data: data, contentType: type)
            try await store.close()
            guard let photo else { throw CommandFailure("no place with id \(id)") }
            print("added \(photo.kind.rawValue) photo \(photo.id.text)")
        }
    }

    static func load(_ id: String, _ database: DatabaseOptions) async throws -> Place {
        guard let uuid = Place.ID(id) else { throw ValidationError("'\(id)' is not a place id") }
        let store = try await database.openStore()
        let place = try await store.places.place(id: uuid)
        try await store.close()
        guard let place else { throw CommandFailure("no place with id \(id)") }
        return place
    }

    static func coordinate(_ text: String) throws -> Coordinate {
        guard let c = latitudeLongitude(text)?.coordinate else { throw ValidationError("'\(text)' is not 'lat,lon' on the Earth") }
        return c
    }

    static func check(_ edit: PlaceEdit) throws {
        let problems = edit.problems()
        guard problems.isEmpty else { throw ValidationError(problems.map(\.description).joined(separator: "; ")) }
    }
}

extension PhotoKind: ExpressibleByArgument {}

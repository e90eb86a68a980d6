import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `worldlayer scene …`: the stickers anchored to scenes, for operators.
struct SceneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene", abstract: "Scene anchors: stickers anchored to a wall, a sign or a poster in view.",
        subcommands: [List.self, Show.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List scene anchors, newest first, one per line: id, sticker, where the scene is, quality, anchored.")

        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            for a in try await database.withStore({ try await $0.scenes.list() }) {
                let o = a.plane.origin
                print(
                    "\(a.id.text)\tsticker \(a.stickerId.text)\t\(String(format: "%.6f,%.6f", o.latitude, o.longitude)) facing \(Int(a.capture.heading.rounded()))°\tquality \(String(format: "%.2f", a.quality.score))\t\(ISO8601DateFormatter().string(from: a.createdAt))"
                )
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a scene anchor: how it was seen, where its sticker is on it.")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The scene anchor's id, or its sticker's.") var id: String

        func run() async throws {
            let a = try await database.withStore { try await Self.find(id, in: $0) }
            let c = a.capture, o = a.plane.origin, spot = a.plane.spot
            print("scene \(a.id.text) of sticker \(a.stickerId.text), anchored \(ISO8601DateFormatter().string(from: a.createdAt))")
            print(
                "seen from \(String(format: "%.6f,%.6f", c.latitude, c.longitude)) looking \(Int(c.heading.rounded()))°, \(String(format: "%.1f", c.distance)) m away (pitch \(Int(c.pitch.rounded()))°, roll \(Int(c.roll.rounded()))°, \(Int(c.fieldOfView.rounded()))° wide, \(a.width)×\(a.height))"
            )
            print(
                "plane at \(String(format: "%.6f,%.6f", o.latitude, o.longitude)); the sticker \(String(format: "%.2f m right, %.2f m down", spot.x, spot.y)) of it"
            )
            print(
                String(
                    format: "quality %.2f: %d points over %.0f %% of the picture, %.0f %% distinct", a.quality.score, a.quality.keypoints,
                    a.quality.coverage * 100, a.quality.distinct * 100))
        }

        static func find(_ text: String, in store: Store) async throws -> SceneAnchor {
            if let id = SceneAnchor.ID(text), let anchor = try await store.scenes.anchor(id: id) { return anchor }
            if let id = Sticker.ID(text), let anchor = try await store.scenes.anchor(stickerID: id) { return anchor }
            throw CommandFailure("no scene anchor '\(text)' (see 'worldlayer scene list')")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a sticker off its scene (the sticker stays at its geo anchor).")

        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The scene anchor's id, or its sticker's.") var id: String

        func run() async throws {
            let anchor = try await database.withStore { store in
                let a = try await Show.find(id, in: store)
                _ = try await store.scenes.delete(stickerID: a.stickerId)
                return a
            }
            print("deleted scene \(anchor.id.text) of sticker \(anchor.stickerId.text)")
        }
    }
}

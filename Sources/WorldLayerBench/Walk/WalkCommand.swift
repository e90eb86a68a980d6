import ArgumentParser
import Foundation
import WorldLayerCLI
import WorldLayerClient
import WorldLayerStore

/// `worldlayer-bench walk`: a walk rehearsed headless with the client library, measured.
struct WalkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Rehearse a walk with the client library: live surroundings, an offline queue, the network dropping twice.",
        discussion: """
            A walker goes east through --cells cells while another person places, edits and deletes stickers near the path, \
            and the walker's network drops twice. Prints pop-outs (stickers missing when they come within view distance), \
            the time from a change to the walker seeing it, and what became of the writes made offline. \
            Exits 1 if a change never arrived or an offline write was lost, applied twice or overwrote someone else's.
            """)

    @Option(help: "A running server's URL; without it the walk starts one in this process on a scratch database.")
    var server: String?
    @Option(help: "The embedded server's database (sqlite:PATH or postgres://…); a scratch SQLite file unless given.")
    var database: String?
    @Option(help: "How many cells the path crosses.") var cells = 20
    @Option(help: "The walker's pace, metres per second.") var pace = 10.0
    @Option(help: "How long each network drop lasts, seconds.") var drop = 8.0
    @Option(help: "How many changes the other person makes per second.") var changesPerSecond = 2.0
    @Flag(help: "Print the figures as JSON.") var json = false

    func validate() throws {
        guard (1...200).contains(cells) else { throw ValidationError("--cells must be between 1 and 200") }
        guard pace > 0, pace <= 50 else { throw ValidationError("--pace must be above 0 and at most 50 m/s") }
        guard drop > 0, drop <= 120 else { throw ValidationError("--drop must be above 0 and at most 120 s") }
        guard changesPerSecond > 0, changesPerSecond <= 20 else {
            throw ValidationError("--changes-per-second must be above 0 and at most 20")
        }
        if server != nil, database != nil { throw ValidationError("give --server or --database, not both") }
    }

    func run() async throws {
        let url: URL
        if let server {
            guard let given = URL(string: server), given.scheme == "http" || given.scheme == "https" else {
                throw ValidationError("--server must be an http:// or https:// URL")
            }
            url = given
        } else {
            let store = try database.map { text in
                do { return try DatabaseURL(parsing: text) } catch { throw ValidationError("--database: \(error)") }
            }
            url = try await EmbeddedServer.start(database: store).url
        }
        let bar = ProgressBar(label: "walking")
        let path = WalkPath(from: Coordinate(latitude: 60.1699, longitude: 24.9384), cells: cells, pace: pace)
        let rehearsal = WalkRehearsal(
            path: path, drop: .seconds(drop), changesPerSecond: changesPerSecond,
            progress: { bar.update(Int($0 * 1_000), of: 1_000) })
        let figures: WalkFigures
        do {
            figures = try await rehearsal.run(on: url)
        } catch {
            throw CommandFailure("the walk failed: \(error)")
        }
        bar.finish()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(figures), as: UTF8.self))
        } else {
            print(figures.text)
        }
        if let failure = figures.failure { throw CommandFailure(failure) }
    }
}

extension WalkFigures {
    /// Why the walk broke a promise the library makes, if it did. Pop-outs and latency are
    /// measurements, not promises: they depend on the machine.
    var failure: String? {
        if unseen > 0 { return "\(unseen) changes never reached the walker" }
        if lost > 0 || appliedTwice > 0 { return "offline writes: \(lost) lost, \(appliedTwice) applied twice" }
        if conflictsOverwritten > 0 { return "an offline edit overwrote a newer version" }
        return nil
    }
}

import ArgumentParser
import Foundation
import WorldLayerCore
import WorldLayerStore

/// `worldlayer media migrate`: the media library from a folder into an S3 bucket, or back.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: "Move the media library between a folder and an S3 bucket.", subcommands: [Migrate.self])

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy every media file the destination lacks into it, each checked by its SHA-256.",
            discussion: """
                Either side is a folder or s3://BUCKET (its endpoint and keys from $WORLDLAYER_S3_ENDPOINT, \
                $AWS_ACCESS_KEY_ID and $AWS_SECRET_ACCESS_KEY). The source is left as it is: serve with --media \
                set to the destination once this has finished, then remove the source. Running it again copies \
                only what is still missing.
                """)

        @Option(help: ArgumentHelp("Where the media are now: a folder or s3://BUCKET.", valueName: "path|s3://bucket"))
        var from: String
        @Option(help: ArgumentHelp("Where they go: a folder or s3://BUCKET.", valueName: "path|s3://bucket"))
        var to: String
        @Option(help: ArgumentHelp("A scratch folder for files passing through from a bucket.", valueName: "path"))
        var scratch: String = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-media-migrate").path
        @Flag(help: "No progress bar.") var quiet = false

        func run() async throws {
            // A bucket's files pass through a scratch cache of its own, emptied afterwards.
            let source = try MediaOptions.library(from, cache: scratch + "/from")
            let target = try MediaOptions.library(to, cache: scratch + "/to")
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            guard from != to else { throw CommandFailure("--from and --to are the same place") }
            let done = try await MediaCopy.run(from: source, named: from, to: target, progress: ProgressBar(label: "media", quiet: quiet))
            print(
                "copied \(done.copied) media files (\(done.bytes >> 20) MiB) from \(from) to \(to); \(done.present) were there already; \(from) is unchanged"
            )
        }
    }
}

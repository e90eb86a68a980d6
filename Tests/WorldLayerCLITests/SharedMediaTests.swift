import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 50: media kept in one S3 bucket (SeaweedFS on loopback) that every server reads, and
/// `worldlayer media migrate` moving a library between a folder and a bucket.
@Suite("Media in one S3 bucket shared by two servers")
struct SharedMediaTests {
    @Test(
        "a clip uploaded through one server plays from the other, with ranges; the demo's tour media too; migrated to a folder and back, backed up and restored into another bucket, nothing is lost"
    )
    func twoServersOneBucket() async throws {
        let s3 = try await SeaweedFS()
        defer { s3.stop() }
        let bucket = s3.bucket("worldlayer-media")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wl-s3-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let database = CLI.scratchDatabase()
        let seeded = try CLI.run(
            [
                "demo", "seed", "--database", database, "--media", "s3://worldlayer-media", "--media-cache",
                scratch.appendingPathComponent("seed").path,
            ],
            environment: s3.environment)
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let tourMedia = try await bucket.list().map(\.key)
        #expect(tourMedia.count >= 8, "the demo tour's media are in the bucket: \(tourMedia.count)")

        func server(_ name: String, media: String = "s3://worldlayer-media") async throws -> RunningServer {
            try await RunningServer(
                database: database, extra: ["--media", media, "--media-cache", scratch.appendingPathComponent(name).path],
                environment: s3.environment)
        }
        let first = try await server("first")
        defer { first.stop() }
        let second = try await server("second")
        defer { second.stop() }
        for s in [first, second] { #expect(try await s.request("GET", "/health/ready").status == 200) }

        let ada = try await first.signUpAndLogIn("ada")
        let clip = try Speech.mp3("Uploaded to one server, heard from the other.")
        let sent = try await first.request("POST", "/v1/stickers/media", bytes: clip, token: ada)
        #expect(sent.status == 201, "\(sent.text)")
        let mediaID = try #require(sent.json["id"] as? String)
        let sticker = UUID().text
        let draft =
            ##"{"templateId":"sticky-note","text":"listen","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[],"media":{"id":"\##(mediaID)"}}"##
        #expect(try await first.request("PUT", "/v1/stickers/\(sticker)", json: draft, token: ada).status == 201)
        #expect(try await first.request("POST", "/v1/stickers/\(sticker)/place", token: ada).status == 200)

        let heard = try await second.request("GET", "/v1/stickers/\(sticker)/media")
        #expect(heard.status == 200 && heard.data == clip)
        let part = try await second.api.call(.get, "/v1/stickers/\(sticker)/media", headers: [.range: "bytes=100-199"])
        #expect(part.status == .partialContent && part.data == clip[100..<200])
        let photo = try #require(tourMedia.first)
        let served = try await second.request("GET", "/v1/media/\(photo)")
        let kept = scratch.appendingPathComponent("kept")
        #expect(try await bucket.fetch(photo, to: kept))
        let original = try Data(contentsOf: kept)
        #expect(served.status == 200 && served.data == original)

        // Out to a folder: a server reading that folder plays the clip; back into a new bucket; again, nothing to do.
        let folder = scratch.appendingPathComponent("migrated").path
        let out = try CLI.run(
            ["media", "migrate", "--from", "s3://worldlayer-media", "--to", folder, "--quiet"], environment: s3.environment)
        #expect(out.status == 0 && out.stdout.contains("copied \(tourMedia.count + 1) media files"), "\(out.stdout)\(out.stderr)")
        let third = try await RunningServer(database: database, extra: ["--media", folder])
        defer { third.stop() }
        #expect(try await third.request("GET", "/v1/stickers/\(sticker)/media").data == clip)
        let back = try CLI.run(
            ["media", "migrate", "--from", folder, "--to", "s3://worldlayer-copy", "--quiet"], environment: s3.environment)
        #expect(back.status == 0 && back.stdout.contains("copied \(tourMedia.count + 1) media files"), "\(back.stdout)\(back.stderr)")
        #expect(Set(try await s3.bucket("worldlayer-copy").list().map(\.key)) == Set(tourMedia + [mediaID]))
        let twice = try CLI.run(
            ["media", "migrate", "--from", folder, "--to", "s3://worldlayer-copy", "--quiet"], environment: s3.environment)
        #expect(twice.stdout.contains("copied 0 media files") && twice.stdout.contains("\(tourMedia.count + 1) were there already"))

        // Backed up while serving, the media out of the bucket; restored into a new database and an
        // empty bucket, where a server plays the clip; a bucket holding objects is refused.
        let backup = scratch.appendingPathComponent("backup").path
        let saved = try CLI.run(
            ["backup", "--database", database, "--media", "s3://worldlayer-media", backup], environment: s3.environment)
        #expect(saved.status == 0, "\(saved.stderr)")
        let backedUp = try BackupToolTests.files(under: backup + "/media")
        #expect(Set(backedUp.keys.map { String($0.split(separator: "/").last!) }) == Set(tourMedia + [mediaID]))
        #expect(backedUp.values.contains(clip))
        let restoredDatabase = CLI.scratchDatabase()
        let restored = try CLI.run(
            ["restore", "--database", restoredDatabase, "--media", "s3://worldlayer-restored", backup], environment: s3.environment)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(Set(try await s3.bucket("worldlayer-restored").list().map(\.key)) == Set(tourMedia + [mediaID]))
        let fourth = try await RunningServer(
            database: restoredDatabase,
            extra: ["--media", "s3://worldlayer-restored", "--media-cache", scratch.appendingPathComponent("fourth").path],
            environment: s3.environment)
        defer { fourth.stop() }
        #expect(try await fourth.request("GET", "/v1/stickers/\(sticker)/media").data == clip)
        let again = try CLI.run(
            ["restore", "--database", CLI.scratchDatabase(), "--media", "s3://worldlayer-restored", backup], environment: s3.environment)
        #expect(again.status != 0 && again.stderr.contains("holds objects already"), "\(again.stderr)")

        // A bucket without its endpoint is refused in one line, before anything starts.
        let refused = try CLI.run(
            ["serve", "--database", database, "--media", "s3://worldlayer-media"], environment: ["WORLDLAYER_S3_ENDPOINT": ""])
        #expect(refused.status != 0 && refused.stderr.contains("WORLDLAYER_S3_ENDPOINT"), "\(refused.stderr)")
    }
}

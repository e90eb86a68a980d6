import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 52, finding 7: what one account keeps on the server is bounded in bytes, and what nothing
/// refers to any more (a deleted account's clips, uploads cut off) leaves the disk.
@Suite("Storage quotas and the media sweep")
struct StorageQuotaTests {
    static let octets: HTTPFields = [.contentType: "application/octet-stream"]

    @Test(
        "clips are counted once per account up to its quota; past it a 403 says how much is used, and nothing is kept",
        arguments: ScratchDatabase.engines)
    func clipQuota(engine: Store.Engine) async throws {
        let tone = try StickerMediaTests.clip("tone-3s.mp3"), ogg = try StickerMediaTests.clip("tone-3s.ogg")
        let video = try StickerMediaTests.clip("clip-2s.mp4")
        let media = FileManager.default.temporaryDirectory.appendingPathComponent("quota-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: media) }
        try await withServer(
            engine,
            configure: {
                $0.storageQuotas.clipBytesPerAccount = tone.count + ogg.count
                $0.mediaDirectory = media
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob")
            #expect(try await api.call(.post, "/v1/stickers/media", bytes: tone, token: ada, headers: Self.octets).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/media", bytes: ogg, token: ada, headers: Self.octets).status == .created)
            let full = try await api.call(.post, "/v1/stickers/media", bytes: video, token: ada, headers: Self.octets)
            #expect(full.status == .forbidden && full.errorCode == "quota_exceeded" && full.text.contains("MiB"), "\(full.text)")
            #expect(!FileManager.default.fileExists(atPath: MediaLibrary(root: media).path(of: SHA256Hex.of(video)).path))
            // The same clip again takes no more room; another account has its own quota.
            #expect(try await api.call(.post, "/v1/stickers/media", bytes: tone, token: ada, headers: Self.octets).status == .ok)
            #expect(try await api.call(.post, "/v1/stickers/media", bytes: video, token: bob, headers: Self.octets).status == .created)
        }
    }

    @Test("scenes are counted per author; a sticker's new scene replaces its old one's bytes", arguments: ScratchDatabase.engines)
    func sceneQuota(engine: Store.Engine) async throws {
        let frame = try SceneAnchorTests.media("poster/anchor.jpg")
        // Room for one scene and a half: its picture and its features (at most 500 × 32 bytes, plus keypoints).
        try await withServer(engine, configure: { $0.storageQuotas.sceneBytesPerAccount = frame.count * 3 / 2 + 40_000 }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let first = try await SceneAnchorTests.place(api, Fixtures.sticker(), token: ada)
            let second = try await SceneAnchorTests.place(api, Fixtures.sticker(north: 2), token: ada)
            #expect(try await SceneAnchorTests.anchor(api, first, token: ada).status == .created)
            #expect(try await SceneAnchorTests.anchor(api, first, token: ada).status == .ok, "a new scene for the same sticker")
            let refused = try await SceneAnchorTests.anchor(api, second, token: ada)
            #expect(refused.status == .forbidden && refused.errorCode == "quota_exceeded", "\(refused.text)")
            #expect(try await api.call(.get, "/v1/stickers/\(second)/scene", token: ada).status == .notFound)
            #expect(try await api.call(.delete, "/v1/stickers/\(first)/scene", token: ada).status == .noContent)
            #expect(try await SceneAnchorTests.anchor(api, second, token: ada).status == .created, "room again once one is gone")
        }
    }

    @Test("a deleted account's clips and a half-written upload leave the disk; clips others use and tour media stay")
    func sweep() async throws {
        let tone = try StickerMediaTests.clip("tone-3s.mp3"), ogg = try StickerMediaTests.clip("tone-3s.ogg")
        let media = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: media) }
        let library = MediaLibrary(root: media)
        let url = try await ScratchDatabase.makeURL(.sqlite)
        try await withServer(
            .sqlite,
            configure: {
                $0.database = url
                $0.mediaDirectory = media
                $0.mediaSweep.interval = .zero  // every maintenance pass
                $0.mediaSweep.grace = 3  // seconds: far more than an upload takes between its file and its row
                $0.maintenanceInterval = .milliseconds(50)
            }
        ) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob")
            for (clip, token) in [(tone, ada), (ogg, ada), (ogg, bob)] {
                #expect(try await api.call(.post, "/v1/stickers/media", bytes: clip, token: token, headers: Self.octets).status == .created)
            }
            // A tour's photo, as `worldlayer import tour` records it.
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            let photo = try await library.add(copyOf: DemoBook.demo.appendingPathComponent("frames/plain.png"), name: "plain.png")
            try await store.tours.registerMedia([photo])
            try await store.close()
            let stale = try library.temporaryFile()
            try Data("half an upload".utf8).write(to: stale)

            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ada).status == .noContent)
            let toneFile = library.path(of: SHA256Hex.of(tone))
            let deadline = Date().addingTimeInterval(30)
            func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }
            while exists(toneFile) || exists(stale), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!FileManager.default.fileExists(atPath: toneFile.path), "ada's own clip is gone")
            #expect(!FileManager.default.fileExists(atPath: stale.path), "the half-written upload is gone")
            #expect(try await library.contains(SHA256Hex.of(ogg)), "bob's copy of the same clip stays")
            #expect(try await library.contains(photo.id), "the tour's photo stays")
        }
    }
}

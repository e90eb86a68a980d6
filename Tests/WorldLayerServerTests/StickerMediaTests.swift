import Crypto
import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Stickers that carry a sound, a short video or a link: clips checked by their bytes (type, size,
/// how long they play), served with ranges only through a sticker the viewer may see.
@Suite("Sticker media: sounds, videos and links")
struct StickerMediaTests {
    static func clip(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Media/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    static let types = ["mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "mp4": "video/mp4", "webm": "video/webm"]

    @Test(
        "how long a clip plays, read from its container as ffprobe reads it (and from a recorder's WebM, which ffprobe cannot)",
        arguments: [
            ("tone-3s.mp3", 3.03), ("tone-3s.m4a", 3.0), ("tone-3s.ogg", 3.0), ("tone-3s-vorbis.ogg", 3.0), ("tone-70s.mp3", 70.2),
            ("clip-2s.mp4", 2.0), ("clip-2s.webm", 2.0), ("fragmented-2s.mp4", 2.0), ("live-2s.webm", 1.9),
        ])
    func durations(name: String, seconds: Double) throws {
        let data = try Self.clip(name)
        let type = try #require(MediaSniffer.mediaType(data))
        #expect(type == Self.types[String(name.split(separator: ".").last!)])
        let measured = try #require(MediaDuration.seconds(of: data, contentType: type))
        #expect(abs(measured - seconds) < 0.05, "\(name): \(measured) s")
        // Cut short, a file is not misread as longer, nor does the reader fail.
        let cut = MediaDuration.seconds(of: data.prefix(data.count / 2), contentType: type)
        #expect(cut.map { $0 <= seconds + 0.05 } ?? true)
    }

    @Test(
        "a clip is uploaded once, attached by id, played with ranges by those who see its sticker and by no one else",
        arguments: ScratchDatabase.engines)
    func attachAndPlay(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), ben = try await api.signUpAndLogIn("ben")
            let tone = try Self.clip("tone-3s.mp3")
            let sent = try await api.call(
                .post, "/v1/stickers/media", bytes: tone, token: ada, headers: [.contentType: "application/octet-stream"])
            #expect(sent.status == .created, "\(sent.text)")
            let id = try #require(sent.json["id"] as? String)
            #expect(sent.json["contentType"] as? String == "audio/mpeg" && abs((sent.json["duration"] as? Double ?? 0) - 3.03) < 0.01)
            let again = try await api.call(.post, "/v1/stickers/media", bytes: tone, token: ada, headers: [.contentType: "audio/mpeg"])
            #expect(again.status == .ok && again.json["id"] as? String == id, "the same bytes again are the same upload")

            // Attached by id: the server says what it is; a client's claim is not kept.
            func place(_ token: String, visibility: String, media: [String: Any], link: String? = nil) async throws -> APIResponse {
                let sticker = UUID().text
                var extra: [String: Any] = ["media": media]
                if let link { extra["link"] = link }
                let put = try await api.call(
                    .put, "/v1/stickers/\(sticker)",
                    json: (try Fixtures.sticker(text: "listen").jsonObject).merging(extra.merging(["visibility": visibility]) { $1 }) {
                        $1
                    },
                    token: token)
                if put.status == .created { _ = try await api.call(.post, "/v1/stickers/\(sticker)/place", token: token) }
                return put
            }
            let shared = try await place(
                ada, visibility: "public", media: ["id": id, "contentType": "video/mp4", "duration": 1],
                link: " https://example.org/tour?x=1 ")
            #expect(shared.status == .created, "\(shared.text)")
            let media = try #require(shared.json["media"] as? [String: Any])
            #expect(media["contentType"] as? String == "audio/mpeg" && abs((media["duration"] as? Double ?? 0) - 3.03) < 0.01, "\(media)")
            #expect(shared.json["link"] as? String == "https://example.org/tour?x=1")
            let sharedID = try #require(shared.json["id"] as? String)

            // Played by anyone who sees it, with ranges.
            let whole = try await api.call(.get, "/v1/stickers/\(sharedID)/media")
            #expect(whole.status == .ok && whole.data == tone && whole.headers[.contentType] == "audio/mpeg")
            #expect(whole.headers[.cacheControl] == "private, no-cache")
            let part = try await api.call(.get, "/v1/stickers/\(sharedID)/media", headers: [.range: "bytes=100-199"])
            #expect(
                part.status == .partialContent && part.data == tone[100..<200]
                    && part.headers[.contentRange] == "bytes 100-199/\(tone.count)")

            // A private sticker's clip reaches its author only; the hash alone serves nothing.
            let secret = try await place(ada, visibility: "private", media: ["id": id])
            let secretID = try #require(secret.json["id"] as? String)
            #expect(try await api.call(.get, "/v1/stickers/\(secretID)/media", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(secretID)/media", token: ben).status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(secretID)/media").status == .notFound)
            #expect(try await api.call(.get, "/v1/media/\(id)").status == .notFound, "sticker clips are not tour media")

            // Someone else's upload cannot be attached, even knowing its hash; a bad link is named.
            let borrowed = try await place(ben, visibility: "public", media: ["id": id])
            #expect(borrowed.status == .unprocessableContent && borrowed.text.contains("media.id"), "\(borrowed.text)")
            for bad in ["javascript:alert(1)", "https://user:pw@example.org/", "ftp://example.org/", "example.org"] {
                let refused = try await place(ada, visibility: "public", media: ["id": id], link: bad)
                #expect(refused.status == .unprocessableContent && refused.text.contains("link"), "\(bad): \(refused.text)")
            }
            // A sticker without media: a clear 404.
            let plain = try await LiveTests.place(api, token: ada, north: 9, text: "quiet")
            #expect(try await api.call(.get, "/v1/stickers/\(plain)/media").status == .notFound)
        }
    }

    @Test("what a sticker cannot carry is refused with the reason, and nothing is kept", arguments: ScratchDatabase.engines)
    func refusals(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let long = try await api.call(.post, "/v1/stickers/media", bytes: try Self.clip("tone-70s.mp3"), token: ada)
            #expect(
                long.status == .unprocessableContent && long.text.contains("plays 71 s") && long.text.contains("at most 60 s"),
                "\(long.text)")
            let picture = try await api.call(
                .post, "/v1/stickers/media",
                bytes: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 40)), token: ada)
            #expect(picture.status == .unsupportedMediaType, "\(picture.text)")
            let text = try await api.call(.post, "/v1/stickers/media", bytes: Data("not a clip at all, just words".utf8), token: ada)
            #expect(text.status == .unsupportedMediaType)
            #expect(try await api.call(.post, "/v1/stickers/media", bytes: try Self.clip("clip-2s.webm")).status == .unauthorized)
            // The refused long clip was not kept: naming it is refused.
            let hash = SHA256Hex.of(try Self.clip("tone-70s.mp3"))
            let put = try await api.call(
                .put, "/v1/stickers/\(UUID().text)", json: (try Fixtures.sticker().jsonObject).merging(["media": ["id": hash]]) { $1 },
                token: ada)
            #expect(put.status == .unprocessableContent)
            // A video and a recorder's WebM without a declared duration are taken.
            for name in ["clip-2s.mp4", "live-2s.webm", "fragmented-2s.mp4"] {
                let sent = try await api.call(.post, "/v1/stickers/media", bytes: try Self.clip(name), token: ada)
                #expect(
                    sent.status == .created && (sent.json["contentType"] as? String)?.hasPrefix("video/") == true, "\(name): \(sent.text)")
            }
        }
    }

    /// Each of these clips, 26 to 1,359 bytes, once stopped the whole server (issue 52, finding 1).
    @Test(
        "a clip whose header claims less than it plays is measured by what it plays, and refused when that is too long",
        arguments: [("tone-70s.mp3", 70.2), ("clip-2s.mp4", 2.0), ("clip-2s.webm", 2.0)])
    func lyingHeaders(name: String, seconds: Double) async throws {
        var bytes = [UInt8](try Self.clip(name))
        func find(_ pattern: [UInt8]) -> Int? {
            (0...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
        }
        switch name {
        case "tone-70s.mp3":  // the Xing or Info header's frame count, made 100 frames (2.6 s)
            let tag = try #require(find(Array("Xing".utf8)) ?? find(Array("Info".utf8)))
            bytes.replaceSubrange(tag + 8..<tag + 12, with: [0, 0, 0, 100])
        case "clip-2s.mp4":  // mvhd's duration (version 0: after 4 bytes of flags, 8 of times, 4 of time scale) made 1 unit
            let mvhd = try #require(find(Array("mvhd".utf8))) + 4
            bytes.replaceSubrange(mvhd + 16..<mvhd + 20, with: [0, 0, 0, 1])
        default:  // WebM's Duration (0x4489, an 8-byte float) made 1 ms
            let duration = try #require(find([0x44, 0x89, 0x88]))
            bytes.replaceSubrange(duration + 3..<duration + 11, with: withUnsafeBytes(of: (1.0).bitPattern.bigEndian) { Array($0) })
        }
        let type = try #require(MediaSniffer.mediaType(Data(bytes)))
        let measured = try #require(MediaDuration.seconds(of: Data(bytes), contentType: type))
        #expect(abs(measured - seconds) < 0.15, "\(name): \(measured) s")
        if name == "tone-70s.mp3" {
            let bytes = bytes
            try await withServer(.sqlite) { api in
                let ada = try await api.signUpAndLogIn("ada")
                let refused = try await api.call(
                    .post, "/v1/stickers/media", bytes: Data(bytes), token: ada, headers: [.contentType: "application/octet-stream"])
                #expect(refused.status == .unprocessableContent && refused.text.contains("plays 71 s"), "\(refused.text)")
            }
        }
    }

    @Test("a hostile clip is refused with a 4xx and the server goes on answering", arguments: ScratchDatabase.engines)
    func hostileClips(engine: Store.Engine) async throws {
        let seeds = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../fuzz/seeds/media").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
        #expect(names.count >= 5)
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            for name in names {
                let sent = try await api.call(
                    .post, "/v1/stickers/media", bytes: try Data(contentsOf: seeds.appending(path: name)), token: ada)
                #expect((400..<500).contains(sent.status.code), "\(name): \(sent.status) \(sent.text)")
                #expect(sent.json["error"] != nil, "\(name): \(sent.text)")
            }
            #expect(try await api.call(.get, "/health").status == .ok)
        }
    }
}

enum SHA256Hex {
    static func of(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}

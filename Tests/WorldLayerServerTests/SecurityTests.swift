import Foundation
import HTTPTypes
import SQLKit
import Synchronization
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerServices
import WorldLayerStore
import WorldLayerTestSupport
import WorldLayerVision

/// Findings of the attack on the running server (issue 27), each kept fixed by a test that failed before its fix.
@Suite("Security findings stay fixed")
struct SecurityTests {
    /// Signs up `username` and makes it an admin on the server's database.
    static func makeAdmin(_ api: API, _ username: String, database: DatabaseURL) async throws -> String {
        let token = try await api.signUpAndLogIn(username)
        let store = try Store.open(database, logger: ScratchDatabase.quietLogger)
        try await store.accounts.setRole(accountID: try #require(try await store.accounts.account(username: username)).id, role: .admin)
        try await store.close()
        return token
    }

    @Test("every answer carries a Content-Security-Policy that runs only the server's scripts, and no sniffing or framing")
    func securityHeaders() async throws {
        try await withServer(.sqlite) { api in
            for path in ["/health", "/v1/client-config", "/v1/no-such-route"] {
                let r = try await api.call(.get, path)
                let policy = r.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
                #expect(
                    policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'")
                        && policy.contains("object-src 'none'"), "\(path): \(policy)")
                #expect(policy.contains("img-src 'self' data: blob: https://tile.openstreetmap.org"), "\(policy)")
                #expect(policy.contains("connect-src 'self' ws://"), "\(policy)")
                #expect(r.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(r.headers[HTTPField.Name("Referrer-Policy")!] == "strict-origin-when-cross-origin")
                #expect(r.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test("a satellite imagery source is offered to the client with its credit, and its pictures are allowed by the policy")
    func satelliteImagery() async throws {
        try await withServer(
            .sqlite,
            configure: {
                $0.satelliteTileURL = "https://imagery.example.org/tiles/{z}/{y}/{x}.jpg"
                $0.satelliteAttribution = "Imagery © Example"
            }
        ) { api in
            let config = try await api.call(.get, "/v1/client-config")
            #expect(config.json["satelliteTileURL"] as? String == "https://imagery.example.org/tiles/{z}/{y}/{x}.jpg")
            #expect(config.json["satelliteAttribution"] as? String == "Imagery © Example")
            let policy = config.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
            #expect(
                policy.contains("img-src 'self' data: blob: https://imagery.example.org https://tile.openstreetmap.org"), "\(policy)")
        }
        try await withServer(.sqlite) { api in
            let config = try await api.call(.get, "/v1/client-config")
            #expect(config.json["satelliteTileURL"] == nil, "none unless configured")
        }
    }

    @Test("the share page runs no script at all", arguments: ScratchDatabase.engines)
    func sharePagePolicy(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let id = try await LiveTests.place(api, token: ada, north: 1, text: "<script>alert(1)</script>")
            let page = try await api.call(.get, "/s/\(id)")
            #expect(page.status == .ok && !page.text.contains("<script>"))
            let policy = page.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
            #expect(policy.hasPrefix("default-src 'none'") && !policy.contains("script-src"))
            // Its way on is the web client, open on the sticker (a browser has no worldlayer:// app).
            #expect(page.text.contains("href=\"/#/map/sticker/\(id)\""))
        }
    }

    @Test("a place photo does not stop accounts and private worldmaps from being deleted", arguments: ScratchDatabase.engines)
    func placePhotoKeepsDeletionWorking(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let admin = try await Self.makeAdmin(api, "admin", database: url)
            let place = try await api.call(
                .post, "/v1/places",
                json: ["name": "Kahvila", "kind": "amenity:cafe", "position": ["latitude": 60.17, "longitude": 24.94]], token: admin)
            let placeID = try #require(place.json["id"] as? String)
            let png = try await api.call(.get, "/v1/templates/heart/preview").data
            #expect(try await api.call(.post, "/v1/places/\(placeID)/photos?kind=interior", bytes: png, token: admin).status == .created)

            let owner = try await api.signUpAndLogIn("owner")
            let map = try await api.call(
                .post, "/v1/worldmaps", json: ["name": "Ours", "latitude": 60.17, "longitude": 24.94], token: owner)
            let mapID = try #require(map.json["id"] as? String)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(mapID)", token: owner).status == .noContent)
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: owner).status == .noContent)
            // The photo is still there.
            let photos = try #require(try await api.call(.get, "/v1/places/\(placeID)").json["photos"] as? [[String: Any]])
            #expect(try await api.call(.get, try #require(photos.first?["url"] as? String)).data == png)
        }
    }
}

/// A PNG that declares `width`×`height` pixels in its header; its few bytes of data would take
/// width × height bytes to decode.
func declaredPNG(width: UInt32, height: UInt32) -> Data {
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
    for value in [width, height] { png += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    png += Data([8, 0, 0, 0, 0]) + Data(count: 4) + Data(count: 64)
    return png
}

extension SecurityTests {
    @Test(
        "a camera frame declaring a gigapixel is refused from its header, before decoding; frames are limited per address",
        arguments: ScratchDatabase.engines)
    func recognitionLimits(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await DemoBook.install(world, only: ["coffee"])
        try await withServer(
            engine,
            configure: {
                world.configure(&$0); $0.frameRate = .init(perSecond: 0.001, burst: 5)
            }
        ) { api in
            let path = "/v1/books/pictures-of-science/recognize"
            let bomb = try await api.call(.post, path, bytes: declaredPNG(width: 32768, height: 32768))
            #expect(bomb.status == .unprocessableContent && bomb.errorCode == "image_too_large", "\(bomb.text)")
            #expect(bomb.text.contains("32768×32768"))
            // A fill byte before the frame header once hid a 30000×30000 JPEG behind a fake 640×480 one.
            let filled = try Data(
                contentsOf: URL(filePath: #filePath).deletingLastPathComponent().appending(
                    path: "../../fuzz/seeds/image/fill-byte-30000x30000.jpg"))
            let hidden = try await api.call(.post, path, bytes: filled, headers: [.contentType: "image/jpeg"])
            #expect(hidden.status == .unprocessableContent && hidden.text.contains("30000×30000"), "\(hidden.text)")
            #expect(try await api.call(.get, "/health").status == .ok)
            // The burst is allowed (the refused bomb took none of it), then 429 with Retry-After.
            let small = declaredPNG(width: 64, height: 64)
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<5 { statuses.append(try await api.call(.post, path, bytes: small).status) }
            #expect(statuses.allSatisfy { $0 == .unprocessableContent }, "\(statuses)")
            let limited = try await api.call(.post, path, bytes: small)
            #expect(limited.status == .tooManyRequests && Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test("a reference picture or place photo declaring a gigapixel is refused from its header")
    func pictureLimits() async throws {
        #expect(DecodeLimit.picture.problem(with: declaredPNG(width: 32768, height: 32768))?.contains("32768×32768") == true)
        #expect(DecodeLimit.picture.problem(with: declaredPNG(width: 4000, height: 3000)) == nil)
        #expect(ReferenceImage(encoded: declaredPNG(width: 32768, height: 32768)) == nil)
    }
}

extension SecurityTests {
    @Test(
        "what is on a private worldmap, a draft, a private account's follows and another's sticker id stay unseen",
        arguments: ScratchDatabase.engines)
    func visibilityLeaks(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob")
            // A tag used only on a private worldmap is in nobody else's tag search or suggestions.
            let map = try await api.call(
                .post, "/v1/worldmaps", json: ["name": "Ours", "latitude": 60.1699, "longitude": 24.9384], token: ada)
            let mapID = try #require(map.json["id"] as? String)
            let secret = UUID().text
            let body = Fixtures.sticker(text: "meet here", worldmapId: mapID).with { $0.tags = ["#secretspot"] }
            #expect(try await api.call(.put, "/v1/stickers/\(secret)", json: body, token: ada).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(secret)/place", token: ada).status == .ok)
            for token in [nil, bob] {
                #expect((try await api.call(.get, "/v1/search/tags?q=secret", token: token).json["tags"] as? [Any])?.isEmpty == true)
                #expect(
                    !(try await api.call(.get, "/v1/suggestions?latitude=60.1699&longitude=24.9384", token: token).text.contains(
                        "secretspot")))
            }

            // A draft somewhere new does not make that cell's public worldmap appear (where and when someone is writing).
            let draft = UUID().text
            let far = Fixtures.sticker(north: 5_000, text: "not yet")
            #expect(try await api.call(.put, "/v1/stickers/\(draft)", json: far, token: ada).status == .created)
            let cover = try await api.call(
                .get, "/v1/cells/cover?latitude=\(far.anchor.latitude)&longitude=\(far.anchor.longitude)&radius=1")
            let cell = try #require((cover.json["cells"] as? [String])?.first)
            #expect(try await api.call(.get, "/v1/cells/\(cell)/worldmap", token: bob).status == .notFound)
            #expect(try await api.call(.post, "/v1/stickers/\(draft)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/cells/\(cell)/worldmap", token: bob).status == .ok)

            // A private account's follows are its own.
            #expect(try await api.call(.put, "/v1/me/follows/bob", token: ada).status == .ok)
            #expect(try await api.call(.patch, "/v1/me/settings", json: ["privateAccount": true], token: ada).status == .ok)
            #expect(try await api.call(.get, "/v1/people/ada/following", token: bob).errorCode == "private_account")
            #expect(try await api.call(.get, "/v1/people/ada/following").errorCode == "private_account")
            #expect((try await api.call(.get, "/v1/people/ada/following", token: ada).json["people"] as? [Any])?.count == 1)

            // Another's sticker id is answered as a missing one.
            let taken = try await api.call(.put, "/v1/stickers/\(draft)", json: Fixtures.sticker(), token: bob)
            #expect(taken.status == .notFound && taken.errorCode == "not_found")
        }
    }
}

extension SecurityTests {
    @Test(
        "a public worldmap's device map is replaced only by those who placed a sticker there; uploads are metered per account",
        arguments: ScratchDatabase.engines)
    func publicAssetsRule(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.uploadRate = .init(perSecond: 0.01, burst: 100) }) { api in
            let ada = try await api.signUpAndLogIn("ada"), mallory = try await api.signUpAndLogIn("mallory")
            let placed = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker(), token: ada)
            let worldmap = try #require(placed.json["worldmapId"] as? String), sticker = try #require(placed.json["id"] as? String)
            let headers: HTTPFields = [.contentType: "application/octet-stream"]
            let path = "/v1/worldmaps/\(worldmap)/device-map"
            #expect(try await api.call(.post, "/v1/stickers/\(sticker)/place", token: ada).status == .ok)
            let refused = try await api.call(.put, path, bytes: Data("mallory's map".utf8), token: mallory, headers: headers)
            #expect(refused.status == .forbidden && refused.errorCode == "not_a_contributor")
            #expect(try await api.call(.get, path).status == .notFound)  // nothing was stored
            #expect(try await api.call(.put, path, bytes: Data("ada's map".utf8), token: ada, headers: headers).status == .created)
            // 100 bytes at once, then one in 100 s (a slow machine's pauses never refill it): after 9, a 95-byte map must wait.
            let metered = try await api.call(.put, path, bytes: Data(count: 95), token: ada, headers: headers)
            #expect(metered.status == .tooManyRequests && Int(metered.headers[.retryAfter] ?? "") ?? 0 > 0, "\(metered.text)")
            #expect(try await api.call(.get, path).text == "ada's map")
        }
    }
}

extension SecurityTests {
    @Test(
        "smaller findings: template ids in the submitter's namespace, metrics for this machine and admins, ended sessions purged",
        arguments: ScratchDatabase.engines)
    func smallerFindings(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(
            engine,
            configure: {
                $0.database = url; $0.trustedProxies = ["127.0.0.1"]
                // The server's own pass runs at start and then not again, so the ended session below is this test's to purge.
                $0.maintenanceInterval = .seconds(86_400)
            }
        ) { api in
            let admin = try await Self.makeAdmin(api, "admin", database: url)
            let bob = try await api.signUpAndLogIn("bob")
            let preview = try await api.call(.get, "/v1/templates/heart/preview").data.base64EncodedString()
            let design: [String: Any] = ["id": "wl-rocket", "name": "Rocket", "kind": "text", "takesText": true, "preview": preview]
            let squat = try await api.call(.post, "/v1/templates", json: design, token: bob)
            #expect(squat.status == .unprocessableContent && squat.errorFields == ["id"] && squat.text.contains("bob-"))
            #expect(
                try await api.call(.post, "/v1/templates", json: design.merging(["id": "bob-rocket"]) { $1 }, token: bob).status == .created
            )

            #expect(try await api.call(.get, "/metrics").status == .ok)  // from this machine
            let outside: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9"]
            #expect(try await api.call(.get, "/metrics", headers: outside).status == .forbidden)
            #expect(try await api.call(.get, "/metrics", token: admin, headers: outside).status == .ok)

            let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
            let account = try #require(try await store.accounts.account(username: "bob"))
            try await store.accounts.createSession(
                tokenHash: "ended", accountID: account.id, now: Date(timeIntervalSinceNow: -7200),
                expiresAt: Date(timeIntervalSinceNow: -3600))
            #expect(try await store.stickers.runMaintenance(policy: RetentionPolicy()).sessions == 1)
            #expect(try await store.accounts.sessionCount(accountID: account.id) == 1)  // bob's live one stays
            try await store.close()
        }
    }
}

extension SecurityTests {
    @Test(
        "a deleted account's sticker ids are never given out again: its old share links show nothing new",
        arguments: ScratchDatabase.engines)
    func retiredStickerIDs(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), mallory = try await api.signUpAndLogIn("mallory")
            let id = UUID().text
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "ada's"), token: ada).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            #expect(try await api.call(.get, "/s/\(id)").status == .ok)
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ada).status == .noContent)
            let claimed = try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "mallory's"), token: mallory)
            #expect(claimed.status == .notFound && claimed.errorCode == "not_found", "\(claimed.text)")
            #expect(try await api.call(.get, "/s/\(id)").status == .notFound)
            #expect(try await api.call(.put, "/v1/stickers/\(UUID().text)", json: Fixtures.sticker(), token: mallory).status == .created)
        }
    }
}

extension SecurityTests {
    @Test("a person's template holding a new built-in's id leaves that built-in out; the server still starts")
    func builtInIdTaken() async throws {
        let url = try await ScratchDatabase.makeURL(.sqlite)
        let preview = try await withServerResult(url) { api in
            _ = try await api.signUpAndLogIn("trail")
            return try await api.call(.get, "/v1/templates/heart/preview").data
        }
        // As if "trail-marker" came with a later release, after user trail had named a design so.
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        let trail = try #require(try await store.accounts.account(username: "trail"))
        try await store.withConnection { db in try await db.raw("DELETE FROM templates WHERE id = 'trail-marker'").run() }
        _ = try await store.templates.add(
            NewTemplate(id: "trail-marker", name: "Mine", kind: .text, takesText: true, asset: nil, preview: preview), author: trail.id)
        try await store.close()
        // The next start installs the release's templates: this one is left out, and the server answers.
        let answers = try await withServerResult(url) { api in
            [try await api.call(.get, "/health").status, try await api.call(.get, "/v1/templates/heart/preview").status]
        }
        #expect(answers == [.ok, .ok])
        let after = try Store.open(url, logger: ScratchDatabase.quietLogger)
        #expect(try await BuiltinTemplates.install(into: after).taken == ["trail-marker"])
        try await after.close()
    }

    /// What `body` returned, run against a server on `url`.
    private func withServerResult<T: Sendable>(_ url: DatabaseURL, _ body: @escaping @Sendable (API) async throws -> T) async throws -> T {
        let result = Mutex<T?>(nil)
        try await withServer(.sqlite, configure: { $0.database = url }) { api in
            let value = try await body(api)
            result.withLock { $0 = value }
        }
        return try #require(result.withLock { $0 })
    }
}

extension SecurityTests {
    @Test(
        "a share link's page for a sticker not mine to see reads as for one that never existed, and offers to sign in",
        arguments: ScratchDatabase.engines)
    func shareLinkNoOracle(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            try await api.signUpAndLogIn("bob")
            let shared = UUID().text, never = UUID().text
            let draft = Fixtures.sticker(text: "for bob only", visibility: .shared, sharedWith: ["bob"])
            #expect(try await api.call(.put, "/v1/stickers/\(shared)", json: draft, token: ada).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(shared)/place", token: ada).status == .ok)
            let hidden = try await api.call(.get, "/s/\(shared)", headers: [.accept: "text/html"])
            let missing = try await api.call(.get, "/s/\(never)", headers: [.accept: "text/html"])
            #expect(hidden.status == .notFound && missing.status == .notFound)
            #expect(hidden.text.replacingOccurrences(of: shared, with: "ID") == missing.text.replacingOccurrences(of: never, with: "ID"))
            #expect(hidden.text.contains("href=\"/#/map/sticker/\(shared)\"") && !hidden.text.contains("for bob only"))
            let junk = try await api.call(.get, "/s/%3Cscript%3E", headers: [.accept: "text/html"])
            #expect(junk.status == .notFound && !junk.text.contains("<script") && !junk.text.contains("/#/map/sticker/"))
        }
    }
}

import Foundation
import HTTPTypes
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// A database with the demo map, a media folder, an admin, and real media files to put in tours.
struct TourWorld {
    let url: DatabaseURL
    let media: URL
    /// The server's clock: a stop is stamped once the test moves it past the dwell time.
    let clock: ManualClock

    static func make(_ engine: Store.Engine) async throws -> TourWorld {
        let url = try await ScratchDatabase.makeURL(engine)
        _ = try await DemoMap.importInto(url)
        return TourWorld(
            url: url, media: FileManager.default.temporaryDirectory.appendingPathComponent("wl-media-\(UUID().uuidString)"),
            clock: ManualClock(step: 0.001))
    }

    func configure(_ c: inout ServerConfiguration) {
        c.database = url
        c.mediaDirectory = media
        c.stampRule = StampRule()  // the real dwell time: the tests move the clock past it
        c.clock = clock.wall
    }

    /// Signs up `username` and makes it an admin.
    func admin(_ api: API, _ username: String = "admin") async throws -> String {
        let token = try await api.signUpAndLogIn(username)
        try await withStore { store in
            try await store.accounts.setRole(accountID: try await store.accounts.account(username: username)!.id, role: .admin)
        }
        return token
    }

    func withStore(_ body: (Store) async throws -> Void) async throws {
        let store = try Store.open(url, logger: ScratchDatabase.quietLogger)
        do {
            try await body(store)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    static let png = try! Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources/WorldLayerServices/Resources/Templates/heart.png"
        )
        .standardized)

    /// Spoken text as MP3 (``Speech``).
    static func narration(_ text: String) throws -> Data { try Speech.mp3(text) }

    /// Uploads a file as the admin; returns its media id.
    static func upload(_ api: API, _ data: Data, admin: String, name: String? = nil) async throws -> String {
        let r = try await api.call(.post, "/v1/media" + (name.map { "?name=\($0)" } ?? ""), bytes: data, token: admin)
        guard r.status == .created, let id = r.json["id"] as? String else { throw HelperFailure("upload failed: \(r.status) \(r.text)") }
        return id
    }

    /// Three stops around Senate Square: Alexander II, Snellman, Runeberg.
    static let stops: [(id: String, title: String, latitude: Double, longitude: Double)] = [
        ("10000000-0000-4000-8000-000000000001", "Alexander II", 60.16951, 24.95227),
        ("10000000-0000-4000-8000-000000000002", "Johan Vilhelm Snellman", 60.17120, 24.95300),
        ("10000000-0000-4000-8000-000000000003", "Johan Ludvig Runeberg", 60.16748, 24.94762),
    ]

    static var area: [String: Any] {
        [
            "ring": [[60.1650, 24.9440], [60.1650, 24.9560], [60.1735, 24.9560], [60.1735, 24.9440]].map {
                ["latitude": $0[0], "longitude": $0[1]]
            }
        ]
    }

    static func tourBody(slug: String, mode: String, audio: String, cover: String, beacons: Bool = false) -> [String: Any] {
        [
            "slug": slug, "title": "Senate Square \(mode)", "description": "Three statues", "language": "en", "mode": mode,
            "cover": ["id": cover, "name": "media/cover.png"], "area": area,
            "stops": stops.enumerated().map { i, s -> [String: Any] in
                var stop: [String: Any] = [
                    "id": s.id, "title": s.title, "text": "About \(s.title)", "kind": "audio", "radius": 20,
                    "position": ["latitude": s.latitude, "longitude": s.longitude], "media": [["id": audio, "name": "media/\(i + 1).mp3"]],
                ]
                if beacons {
                    stop["beacon"] = ["uuid": "f7826da6-4fa2-4e98-8024-bc5b71e0893e", "major": 7, "minor": i + 1, "txPower": -61]
                }
                return stop
            },
        ]
    }
}

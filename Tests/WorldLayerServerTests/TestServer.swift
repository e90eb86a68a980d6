import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// A response with its JSON body parsed, for assertions.
struct APIResponse {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var text: String
    /// The body's exact bytes (binary downloads).
    var data: Data
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    var errorFields: [String] {
        ((json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }
}

/// Talks to a real WorldLayer server over HTTP on loopback.
///
/// The test framework's client pipelines every request on one connection, which the server
/// answers one at a time; ``sideBySide(_:_:)`` gives requests that must really run
/// side by side a connection each.
struct API {
    let client: any TestClientProtocol
    private var ownConnection: TestClient?
    /// The server's loopback port, for WebSocket clients.
    var port: Int { client.port ?? 0 }

    init(client: any TestClientProtocol) { self.client = client }

    /// Sends `count` requests side by side, each over a new connection of its own, and returns the
    /// answers in the order they came. The timeout is generous: on SQLite the writes queue for the lock.
    func sideBySide<R: Sendable>(_ count: Int, _ request: @escaping @Sendable (API, Int) async throws -> R) async throws -> [R] {
        try await withThrowingTaskGroup(of: R.self) { group in
            for n in 0..<count {
                group.addTask {
                    try await TestClient.withClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(60))) {
                        connection in
                        var api = self
                        api.ownConnection = connection
                        return try await request(api, n)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    func call(
        _ method: HTTPRequest.Method, _ path: String, json: Any? = nil, raw: String? = nil, bytes: Data? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    )
        async throws -> APIResponse
    {
        var headers = extra
        var body: ByteBuffer?
        if let json {
            body = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        } else if let bytes {
            body = ByteBuffer(bytes: bytes)
        } else if let raw {
            body = ByteBuffer(string: raw)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let ownConnection {
            let r = try await ownConnection.execute(TestClient.Request(path, method: method, headers: headers, body: body))
            let bytes = r.body ?? ByteBuffer()
            return APIResponse(status: r.status, headers: r.headers, text: String(buffer: bytes), data: Data(bytes.readableBytesView))
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: body) { r in
            APIResponse(status: r.status, headers: r.headers, text: String(buffer: r.body), data: Data(r.body.readableBytesView))
        }
    }

    /// Signs up and logs in; returns the token.
    @discardableResult
    func signUpAndLogIn(_ username: String, password: String = "correct horse", birthday: String? = nil) async throws -> String {
        var body = Fixtures.signUp(username, password: password)
        if let birthday { body["birthday"] = birthday }
        let signUp = try await call(.post, "/v1/accounts", json: body)
        guard signUp.status == .created else { throw HelperFailure("sign-up failed: \(signUp.status) \(signUp.text)") }
        return try await logIn(username, password: password)
    }

    func logIn(_ login: String, password: String = "correct horse") async throws -> String {
        let r = try await call(.post, "/v1/sessions", json: ["login": login, "password": password])
        guard r.status == .created else { throw HelperFailure("login failed: \(r.status) \(r.text)") }
        return r.json["token"] as? String ?? ""
    }
}

enum Fixtures {
    /// Central Helsinki, where the demo data is.
    static let helsinki = (latitude: 60.1699, longitude: 24.9384)

    /// A sticker body; `north` moves it that many metres north of the centre point (roughly).
    static func sticker(
        north: Double = 0, text: String = "hello", visibility: String = "public", sharedWith: [String] = [], worldmapId: String? = nil,
        template: String = "sticky-note", extra: [String: Any] = [:]
    ) -> [String: Any] {
        var body: [String: Any] = [
            "templateId": template, "text": text, "tags": ["#Demo"], "color": "#ff8800", "size": 0.4,
            "orientation": [0, 0, 0, 1],
            "anchor": ["latitude": helsinki.latitude + north / 111_320, "longitude": helsinki.longitude, "altitude": 20, "accuracy": 3],
            "visibility": visibility, "sharedWith": sharedWith,
        ]
        if let worldmapId { body["worldmapId"] = worldmapId }
        return body.merging(extra) { $1 }
    }
    /// The birthday of someone who turned `years` today (UTC), `YYYY-MM-DD`.
    static func birthday(yearsAgo years: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .year, value: -years, to: Date())!
        let c = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    static func signUp(_ username: String, password: String = "correct horse", email: String? = nil) -> [String: Any] {
        [
            "username": username, "email": email ?? "\(username)@example.org", "password": password, "displayName": "Test \(username)",
            "birthday": "1990-05-17",
        ]
    }
}

/// Runs `test` against a live server on a fresh database of the engine.
func withServer(
    _ engine: Store.Engine, configure: (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API) async throws -> Void
) async throws {
    try await withLiveApplication(engine, configure: configure) { client in try await test(API(client: client)) }
}

/// Two server processes' worth of app sharing one database (as two `worldlayer serve` on one PostgreSQL).
func withTwoServers(
    _ engine: Store.Engine, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API, API) async throws -> Void
) async throws {
    let url = try await ScratchDatabase.makeURL(engine)
    let both: @Sendable (inout ServerConfiguration) -> Void = {
        configure(&$0)
        $0.database = url
    }
    try await withServer(engine, configure: both) { first in
        try await withServer(engine, configure: both) { second in try await test(first, second) }
    }
}

/// A test helper's step went wrong; the test fails with this message instead of the process trapping.
struct HelperFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where a server's nearby searches run: on SQLite in memory (the default, ``ServerConfiguration/residentSpots``)
/// or in SQL, and on PostgreSQL in SQL — each path the tests of what a search finds and shows must cover.
struct NearbyPath: Sendable, CustomTestStringConvertible {
    var engine: Store.Engine
    var resident: Bool

    static var all: [NearbyPath] {
        ScratchDatabase.engines.flatMap { engine in
            engine == .sqlite
                ? [NearbyPath(engine: engine, resident: true), NearbyPath(engine: engine, resident: false)]
                : [
                    NearbyPath(engine: engine, resident: false)
                ]
        }
    }

    var testDescription: String { engine == .sqlite ? "sqlite, \(resident ? "in memory" : "in SQL")" : engine.rawValue }
}

/// Runs `test` against a live server whose nearby searches take `path`.
func withServer(
    _ path: NearbyPath, configure: @escaping (inout ServerConfiguration) -> Void = { _ in },
    _ test: @escaping @Sendable (API) async throws -> Void
) async throws {
    try await withServer(
        path.engine,
        configure: {
            configure(&$0)
            $0.residentSpots = path.resident
        }, test)
}

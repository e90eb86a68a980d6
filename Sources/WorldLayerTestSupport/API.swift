import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import WorldLayerCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tests' one HTTP client of a real WorldLayer server on loopback: a server in the test's own
/// process (through the test framework's client) or a `worldlayer serve` process (by its URL).
///
/// The test framework's client pipelines every request on one connection, which the server
/// answers one at a time; ``sideBySide(_:_:)`` gives requests that must really run
/// side by side a connection each.
public struct API: Sendable {
    private enum Transport: Sendable {
        case framework(any TestClientProtocol)
        case connection(TestClient)
        case url(URL)
    }
    private var transport: Transport
    /// The server's loopback port, for WebSocket clients.
    public let port: Int

    public init(client: any TestClientProtocol) {
        transport = .framework(client)
        port = client.port ?? 0
    }

    /// A server process at `base` (`http://127.0.0.1:PORT`).
    public init(base: URL) {
        transport = .url(base)
        port = base.port ?? 80
    }

    /// How long a request waits for its answer on a connection of the tests' own: longer than
    /// PostgreSQL work may take (``ServerConfiguration/databaseTimeout``, 30 s), which a machine running
    /// every suite at once on two cores can need. The test framework's client gives up at 20 s.
    public static let answerTimeout = Duration.seconds(60)

    /// Runs `body` with an API on a connection of its own to the server behind `client`, one that
    /// waits ``answerTimeout`` for each answer.
    public static func patient<R: Sendable>(_ client: any TestClientProtocol, _ body: @escaping @Sendable (API) async throws -> R)
        async throws -> R
    {
        let api = API(client: client)
        return try await TestClient.withClient(host: "localhost", port: api.port, configuration: .init(timeout: answerTimeout)) {
            connection in
            var patient = api
            patient.transport = .connection(connection)
            return try await body(patient)
        }
    }

    /// Sends `count` requests side by side, each over a new connection of its own, and returns the
    /// answers in the order they came. The timeout is generous: on SQLite the writes queue for the lock.
    public func sideBySide<R: Sendable>(_ count: Int, _ request: @escaping @Sendable (API, Int) async throws -> R) async throws -> [R] {
        try await withThrowingTaskGroup(of: R.self) { group in
            for n in 0..<count {
                group.addTask {
                    if case .url = transport { return try await request(self, n) }  // URLSession opens its own connections
                    return try await TestClient.withClient(host: "localhost", port: port, configuration: .init(timeout: Self.answerTimeout))
                    {
                        connection in
                        var api = self
                        api.transport = .connection(connection)
                        return try await request(api, n)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Sends a request. The body is `json` (a `Codable` value, written as the wire writes it, or a
    /// dictionary for a shape no type has, such as a hostile one), `raw` JSON text, or `bytes`.
    public func call(
        _ method: HTTPRequest.Method, _ path: String, json: Any? = nil, raw: String? = nil, bytes: Data? = nil, token: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> APIResponse {
        var headers = extra
        var body: Data?
        if let json {
            body = try Self.jsonBody(json)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        } else if let bytes {
            body = bytes
        } else if let raw {
            body = Data(raw.utf8)
            if headers[.contentType] == nil { headers[.contentType] = "application/json" }
        }
        if let token { headers[.authorization] = "Bearer \(token)" }
        do {
            return try await send(method, path, headers: headers, body: body)
        } catch let error as TestClient.Error {
            throw HelperFailure("\(method) \(path): \(error)")  // the client's own error (readTimeout) names no request
        }
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields, body: Data?) async throws -> APIResponse {
        switch transport {
        case .framework(let client):
            return try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) {
                APIResponse(status: $0.status, headers: $0.headers, data: Data($0.body.readableBytesView))
            }
        case .connection(let connection):
            let r = try await connection.execute(
                TestClient.Request(path, method: method, authority: "localhost", headers: headers, body: body.map { ByteBuffer(bytes: $0) })
            )
            return APIResponse(status: r.status, headers: r.headers, data: Data((r.body ?? ByteBuffer()).readableBytesView))
        case .url(let base):
            var request = URLRequest(url: URL(string: base.absoluteString + path)!)
            request.httpMethod = method.rawValue
            request.httpBody = body
            for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name.canonicalName) }
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw HelperFailure("not an HTTP response from \(path)") }
            var fields = HTTPFields()
            for (name, value) in http.allHeaderFields {
                if let name = (name as? String).flatMap({ HTTPField.Name($0) }), let value = value as? String {
                    fields.append(HTTPField(name: name, value: value))
                }
            }
            return APIResponse(status: .init(code: http.statusCode), headers: fields, data: data)
        }
    }

    /// A body's bytes: a `Codable` value as the wire writes it, or a dictionary as it is.
    public static func jsonBody(_ json: Any) throws -> Data {
        if let typed = json as? any Encodable { return try WireJSON.encoder.encode(typed) }
        guard JSONSerialization.isValidJSONObject(json) else {
            throw HelperFailure("\(type(of: json)) is neither Encodable nor a JSON object")
        }
        return try JSONSerialization.data(withJSONObject: json)
    }

    /// Signs up (as ``Fixtures/signUp(_:password:email:)`` describes the person) and logs in; returns the token.
    @discardableResult
    public func signUpAndLogIn(_ username: String, password: String = Fixtures.password, birthday: String? = nil) async throws -> String {
        var person = Fixtures.signUp(username, password: password)
        if let birthday { person.birthday = birthday }
        let signUp = try await call(.post, "/v1/accounts", json: person)
        guard signUp.status == .created else { throw HelperFailure("sign-up failed: \(signUp.status) \(signUp.text)") }
        return try await logIn(username, password: password)
    }

    public func logIn(_ login: String, password: String = Fixtures.password) async throws -> String {
        let r = try await call(.post, "/v1/sessions", json: ["login": login, "password": password])
        guard r.status == .created, let token = r.json["token"] as? String else {
            throw HelperFailure("login failed: \(r.status) \(r.text)")
        }
        return token
    }
}

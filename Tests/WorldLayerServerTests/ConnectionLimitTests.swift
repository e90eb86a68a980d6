import Foundation
import HTTPTypes
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 52, finding 8: idle, slow and piled-up connections are closed or refused, and the server
/// goes on answering everyone else. One engine: none of this touches the store.
@Suite("Slow, idle and piled-up connections")
struct ConnectionLimitTests {
    static let health = Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    @Test("a connection that sends no request head, or sends it too slowly, is closed; a kept-alive one is closed when idle")
    func timeouts() async throws {
        try await withServer(
            .sqlite,
            configure: {
                $0.connectionLimits.firstRequestTimeout = .seconds(1)
                $0.connectionLimits.idleTimeout = .seconds(2)
            }
        ) { api in
            let port = api.port
            // Silent from the start: closed (the socket would give up only after 20 s).
            #expect(try await offThePool { try Self.closedUnanswered(try LoopbackSocket(port: port, timeout: 20)) })

            // Slowloris: a header line every 200 ms for up to 15 s never makes a head; the server hangs up first.
            #expect(
                try await offThePool {
                    let slow = try LoopbackSocket(port: port, timeout: 20)
                    try slow.send(Data("GET /health HTTP/1.1\r\n".utf8))
                    return Self.dribbleUntilRefused(slow, lines: 75)
                })

            // A head split across reads, "\r\n" then "\r\n", is whole: answered; then, kept alive and
            // idle, closed (the read would fail after 20 s).
            let split = try await offThePool {
                let split = try LoopbackSocket(port: port, timeout: 20)
                try split.send(Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                try split.send(Data("\r\n".utf8))
                return String(decoding: try split.receiveAll(), as: UTF8.self)
            }
            #expect(split.hasPrefix("HTTP/1.1 200"), "\(split)")

            // A body that stalls halfway: the connection is closed, nothing is answered as done.
            let stalled = try await offThePool {
                let stalled = try LoopbackSocket(port: port, timeout: 20)
                let head = "POST /v1/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                try stalled.send(Data((head + "{\"message\"").utf8))
                return String(decoding: try stalled.receiveAll(), as: UTF8.self)
            }
            #expect(!stalled.hasPrefix("HTTP/1.1 2"), "\(stalled)")
        }
    }

    @Test("a long poll and a live socket outlast the idle timeout: neither is idle")
    func answeringIsNotIdle() async throws {
        // Every request on a connection of its own: with a 1 s idle timeout the test client's one kept-alive connection would not last.
        try await withServer(.sqlite, configure: { $0.connectionLimits.idleTimeout = .seconds(1) }) { api in
            let port = api.port
            let (ada, cell, since) = try await offThePool {
                _ = try Self.request(port: port, "POST /v1/accounts", json: Fixtures.signUp("ada"))
                let ada = try Self.request(port: port, "POST /v1/sessions", json: ["login": "ada", "password": "correct horse"]).json
                let token = try #require(ada["token"] as? String)
                let worldmap = try Self.request(
                    port: port, "POST /v1/worldmaps", token: token,
                    json: ["name": "probe", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude])
                let cell = try #require(worldmap.json["cell"] as? String)
                let since = try #require(try Self.request(port: port, "GET /v1/changes?cells=\(cell)").json["seq"] as? Int)
                return (token, cell, since)
            }
            // A poll of 3 s, three idle timeouts long, is answered.
            let answer = try await offThePool {
                try Self.request(port: port, "GET /v1/changes?cells=\(cell)&since=\(since)&wait=3").head
            }
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")

            let live = LiveClient(port: port, token: nil)
            live.subscribe([cell])
            _ = try await live.next(type: "subscribed")
            try await Task.sleep(for: .seconds(3))  // three idle timeouts, on purpose: the socket must survive them
            let id = UUID().uuidString.lowercased()
            let answers = try await offThePool {
                [
                    try Self.request(port: port, "PUT /v1/stickers/\(id)", token: ada, json: Fixtures.sticker()).head,
                    try Self.request(port: port, "POST /v1/stickers/\(id)/place", token: ada).head,
                ]
            }
            #expect(answers[0].hasPrefix("HTTP/1.1 201") && answers[1].hasPrefix("HTTP/1.1 200"), "\(answers)")
            #expect((try await live.next(type: "event")["stickerId"] as? String)?.lowercased() == id)
        }
    }

    @Test("one address holds a bounded number of connections; others are still answered, and a freed place is reused")
    func perAddress() async throws {
        try await withServer(.sqlite, configure: { $0.connectionLimits.perAddress = 3 }) { api in
            let port = api.port
            // Three connections from one address, each answered once (so the server holds them) and kept alive.
            var held = try await offThePool {
                try (0..<3).map { _ in
                    let socket = try LoopbackSocket(port: port, timeout: 20, from: "127.0.0.2")
                    try socket.send(Self.health)
                    _ = try socket.receive()
                    return socket
                }
            }
            // The fourth from that address is closed unanswered; another address is answered.
            let fourth = try await offThePool {
                let fourth = try LoopbackSocket(port: port, timeout: 20, from: "127.0.0.2")
                try? fourth.send(Self.health)
                return try Self.closedUnanswered(fourth)
            }
            #expect(fourth)
            #expect(try await offThePool { try Self.healthAnswers(from: "127.0.0.3", port: port) })
            // One held connection closes: its place comes back.
            held.removeLast()
            let reused = try await offThePool {
                let deadline = Date().addingTimeInterval(15)
                var answered = false
                repeat { answered = try Self.healthAnswers(from: "127.0.0.2", port: port) } while !answered && Date() < deadline
                return answered
            }
            #expect(reused && held.count == 2)
        }
    }

    @Test("a flood of idle, slowloris and abandoned-poll connections from one address leaves /health answering others")
    func flood() async throws {
        try await withServer(.sqlite, configure: { $0.connectionLimits.perAddress = 64 }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await LiveTests.cell(api, token: ada)
            let port = api.port
            let answers = try await offThePool {
                var flood: [LoopbackSocket] = []
                for n in 0..<300 {
                    guard let socket = try? LoopbackSocket(port: port, timeout: 5, from: "127.0.0.4") else { continue }
                    switch n % 3 {
                    case 0: break  // idle
                    case 1: try? socket.send(Data("GET /health HTTP/1.1\r\nX-Slow: ".utf8))  // a head never finished
                    default: try? socket.send(Data("GET /v1/changes?cells=\(cell)&wait=30 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                    }
                    flood.append(socket)
                }
                defer { flood.removeAll() }  // the polls' clients hang up
                return try (0..<20).map { _ in try Self.healthAnswers(from: "127.0.0.5", port: port) }
            }
            #expect(answers.allSatisfy { $0 })
            #expect(try await api.call(.get, "/health").status == .ok)
        }
    }

    /// Whether the server closed `socket` without writing a byte (false if it answered or timed out).
    static func closedUnanswered(_ socket: LoopbackSocket) throws -> Bool {
        do {
            return try socket.receive() == nil
        } catch let failure as LoopbackSocket.Failure where failure.description.contains("reset") {
            return true
        }
    }

    /// Sends one header line every 200 ms; true once the server refuses more, false if all `lines` were taken.
    static func dribbleUntilRefused(_ socket: LoopbackSocket, lines: Int) -> Bool {
        for n in 0..<lines {
            do {
                try socket.send(Data("X-Line-\(n): a\r\n".utf8))
            } catch {
                return true
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }

    /// An answer read off the wire: its head (status line and headers) and its body as JSON.
    struct RawAnswer {
        let head: String
        let body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// One request on a connection of its own (closed after the answer).
    static func request(port: Int, _ line: String, token: String? = nil, json: Any? = nil) throws -> RawAnswer {
        let socket = try LoopbackSocket(port: port, timeout: 30)
        let body = try json.map(API.jsonBody) ?? Data()
        var head = "\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += json == nil ? "\r\n" : "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        try socket.send(Data(head.utf8) + body)
        let all = try socket.receiveAll()
        guard let end = all.firstRange(of: Data("\r\n\r\n".utf8)) else {
            return RawAnswer(head: String(decoding: all, as: UTF8.self), body: Data())
        }
        return RawAnswer(head: String(decoding: all[..<end.lowerBound], as: UTF8.self), body: Data(all[end.upperBound...]))
    }

    static func healthAnswers(from source: String, port: Int) throws -> Bool {
        let socket = try LoopbackSocket(port: port, timeout: 30, from: source)
        try socket.send(health)
        return String(decoding: (try? socket.receive()) ?? Data(), as: UTF8.self).hasPrefix("HTTP/1.1 200")
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Live updates over WebSocket")
struct LiveTests {
    static func place(_ api: API, token: String, north: Double, text: String, visibility: Visibility = .public) async throws -> String {
        let id = UUID().text
        let put = try await api.call(
            .put, "/v1/stickers/\(id)", json: Fixtures.sticker(north: north, text: text, visibility: visibility), token: token)
        guard put.status == .created else { throw HelperFailure("create failed: \(put.text)") }
        let placed = try await api.call(.post, "/v1/stickers/\(id)/place", token: token)
        guard placed.status == .ok else { throw HelperFailure("place failed: \(placed.text)") }
        return id
    }

    static func cell(_ api: API, token: String) async throws -> String {
        let w = try await api.call(
            .post, "/v1/worldmaps",
            json: ["name": "probe", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude], token: token)
        return w.json["cell"] as? String ?? ""
    }

    @Test("a subscriber that reconnects with its last sequence number misses nothing", arguments: ScratchDatabase.engines)
    func resume(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await Self.cell(api, token: ada)
            let viewer = LiveClient(port: api.port, token: nil)
            viewer.subscribe([cell])
            let start = try #require(try await viewer.next(type: "subscribed")["seq"] as? Int)
            let first = try await Self.place(api, token: ada, north: 1, text: "one")
            let created = try await viewer.next(type: "event")
            #expect(created["event"] as? String == "created" && created["stickerId"] as? String == first)
            #expect((created["sticker"] as? [String: Any])?["text"] as? String == "one")
            // The same JSON as over HTTP: times with milliseconds, to the character.
            let overHTTP = try await api.call(.get, "/v1/stickers/\(first)")
            for key in ["createdAt", "updatedAt"] {
                let live = (created["sticker"] as? [String: Any])?[key] as? String
                #expect(
                    live != nil && live == overHTTP.json[key] as? String, "\(key): \(live ?? "none") vs \(overHTTP.json[key] ?? "none")")
            }
            let lastSeen = try #require(created["seq"] as? Int)
            #expect(lastSeen > start)
            await viewer.close()

            // While away: two more stickers, one deleted, one edited back to a draft (gone for others).
            let second = try await Self.place(api, token: ada, north: 2, text: "two")
            let third = try await Self.place(api, token: ada, north: 3, text: "three")
            #expect(try await api.call(.delete, "/v1/stickers/\(first)", token: ada).status == .noContent)
            #expect(
                try await api.call(
                    .put, "/v1/stickers/\(third)",
                    json: (try Fixtures.sticker(north: 3, text: "draft").jsonObject).merging(["version": 2]) { $1 },
                    token: ada
                ).status == .ok)

            let back = LiveClient(port: api.port, token: nil)
            back.subscribe([cell], since: Int64(lastSeen))
            _ = try await back.next(type: "subscribed")
            var replay: [(String, String)] = []
            for _ in 0..<4 {
                let m = try await back.next(type: "event")
                replay.append((m["event"] as? String ?? "", m["stickerId"] as? String ?? ""))
            }
            #expect(replay.map(\.0) == ["created", "created", "deleted", "deleted"])
            #expect(replay.map(\.1) == [second, third, first, third])
            // And it is live again afterwards.
            let fourth = try await Self.place(api, token: ada, north: 4, text: "four")
            #expect(try await back.next(type: "event")["stickerId"] as? String == fourth)
            await back.close()

            // The same story from the changes endpoint, for a client that was away.
            let changes = try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(lastSeen)")
            let list = changes.json["changes"] as? [[String: Any]] ?? []
            #expect(list.map { $0["stickerId"] as? String ?? "" } == [second, third, first, third, fourth])
            let full = try await api.call(.get, "/v1/changes?cells=\(cell)")
            #expect(full.json["reset"] as? Bool == true)
            #expect(Set((full.json["stickers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == [second, fourth])
        }
    }

    @Test(
        "a long-polled changes request is held until something happens in its cells, then answers with it",
        arguments: ScratchDatabase.engines)
    func longPoll(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await Self.cell(api, token: ada)
            let since = try #require(try await api.call(.get, "/v1/changes?cells=\(cell)").json["seq"] as? Int)
            // The poll and the placement each on a connection of their own, as two phones would.
            let answers = try await api.sideBySide(2) { api, n -> [String] in
                guard n == 0 else {
                    try await Task.sleep(for: .milliseconds(300))
                    return [try await Self.place(api, token: ada, north: 1, text: "awaited")]
                }
                let held = try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(since)&wait=25")
                return (held.json["changes"] as? [[String: Any]] ?? []).compactMap { $0["stickerId"] as? String }
            }
            // One answer is the placement's id, the other the held poll's changes: the same one sticker.
            let ids = answers.flatMap { $0 }
            #expect(ids.count == 2 && Set(ids).count == 1, "the held poll answers with the placement: \(answers)")
            for wrong in ["31", "-1", "soon"] {
                let refused = try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(since)&wait=\(wrong)")
                #expect(refused.status == .badRequest && refused.text.contains("wait"), "wait=\(wrong): \(refused.text)")
            }
        }
    }

    /// Issue 52, finding 4: 8,000 abandoned polls from one address held on for their 30 s, each
    /// querying again on every commit (+350 MB, 9,401 internal errors).
    @Test(
        "polls held at once are limited per address, and a poll whose client hangs up gives its place back at once",
        arguments: ScratchDatabase.engines)
    func longPollLimits(engine: Store.Engine) async throws {
        try await withServer(engine, configure: { $0.longPollLimits.perAddress = 2 }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await Self.cell(api, token: ada)
            let since = try #require(try await api.call(.get, "/v1/changes?cells=\(cell)").json["seq"] as? Int)
            func poll(wait: Int) -> Data {
                Data("GET /v1/changes?cells=\(cell)&since=\(since)&wait=\(wait) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            }
            // Three polls on connections of their own for an address allowed two: one is refused at once.
            var hanging = try (0..<3).map { _ in try LoopbackSocket(port: api.port, timeout: 2) }
            for socket in hanging { try socket.send(poll(wait: 30)) }
            let answered = try await Self.answers(of: hanging, atLeast: 1, within: 20)
            #expect(answered.count == 1, "\(answered)")
            let refusal = answered.first ?? ""
            #expect(refusal.hasPrefix("HTTP/1.1 429") && refusal.contains("rate_limited") && refusal.lowercased().contains("retry-after"))
            // An answer without waiting takes no place.
            #expect(try await api.call(.get, "/v1/changes?cells=\(cell)&since=\(since)").status == .ok)
            // The clients hang up: their places come back at once, not when their 30 s are over.
            hanging.removeAll()
            let deadline = Date().addingTimeInterval(20)
            var probes: [String] = []
            repeat {
                let pair = try (0..<2).map { _ in try LoopbackSocket(port: api.port, timeout: 5) }
                for socket in pair { try socket.send(poll(wait: 1)) }
                probes = try await Self.answers(of: pair, atLeast: 2, within: 15)
            } while probes.contains(where: { $0.hasPrefix("HTTP/1.1 429") }) && Date() < deadline
            #expect(probes.count == 2 && probes.allSatisfy { $0.hasPrefix("HTTP/1.1 200") }, "\(probes)")
        }
    }

    /// What the sockets were answered, once `count` of them were or `seconds` passed (blocking
    /// reads, on a thread of their own).
    static func answers(of sockets: [LoopbackSocket], atLeast count: Int, within seconds: TimeInterval) async throws -> [String] {
        nonisolated(unsafe) let sockets = sockets
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let deadline = Date().addingTimeInterval(seconds)
                var answers: [Int: String] = [:]
                repeat {
                    for (n, socket) in sockets.enumerated() where answers[n] == nil {
                        if let bytes = try? socket.receive() { answers[n] = String(decoding: bytes, as: UTF8.self) }
                    }
                } while answers.count < count && Date() < deadline
                continuation.resume(returning: answers.keys.sorted().map { answers[$0]! })
            }
        }
    }

    @Test("a sticker placed through one server reaches a subscriber of another (PostgreSQL LISTEN/NOTIFY)")
    func acrossServers() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        try await withTwoServers(.postgres) { one, two in
            let ada = try await one.signUpAndLogIn("ada")
            let bob = try await two.signUpAndLogIn("bob")
            let cell = try await Self.cell(one, token: ada)
            let onTwo = LiveClient(port: two.port, token: nil)
            onTwo.subscribe([cell])
            _ = try await onTwo.next(type: "subscribed")
            let onOne = LiveClient(port: one.port, token: nil)
            onOne.subscribe([cell])
            _ = try await onOne.next(type: "subscribed")
            let id = try await Self.place(one, token: ada, north: 1, text: "from one")
            let m = try await onTwo.next(type: "event")
            #expect(m["stickerId"] as? String == id && m["event"] as? String == "created")
            let other = try await Self.place(two, token: bob, north: 2, text: "from two")
            var seenOnOne: [String] = []
            while seenOnOne.count < 2 { seenOnOne.append(try await onOne.next(type: "event")["stickerId"] as? String ?? "") }
            #expect(seenOnOne == [id, other])
            await onOne.close()
            await onTwo.close()
        }
    }

    @Test(
        "through a NATS server instead of NOTIFY: a sticker placed through one server reaches a subscriber of another, and one placed while NATS was down arrives once it is back"
    )
    func acrossServersThroughNATS() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        let nats = try await NATSServer()
        defer { nats.stop() }
        // No NOTIFY and no polling within the test: only the NATS signal can carry a change across.
        try await withTwoServers(
            .postgres,
            configure: {
                $0.liveSignal = .nats(host: "127.0.0.1", port: nats.port); $0.livePollInterval = .seconds(3600)
            }
        ) {
            one, two in
            let ada = try await one.signUpAndLogIn("ada")
            let cell = try await Self.cell(one, token: ada)
            let onTwo = LiveClient(port: two.port, token: nil)
            onTwo.subscribe([cell])
            _ = try await onTwo.next(type: "subscribed")
            let first = try await Self.place(one, token: ada, north: 1, text: "signalled through NATS")
            #expect(try await onTwo.next(type: "event")["stickerId"] as? String == first)
            let ready = try await two.call(.get, "/health/ready")
            #expect(ready.status == .ok && ready.text.contains("\"live_signal\":\"nats\""), "\(ready.text)")

            nats.stop()
            // Still ready (the poll carries changes), and it says so.
            var down = try await two.call(.get, "/health/ready")
            for _ in 0..<50 where !down.text.contains("unreachable") {
                try await Task.sleep(for: .milliseconds(100))
                down = try await two.call(.get, "/health/ready")
            }
            #expect(down.status == .ok && down.text.contains("nats unreachable"), "\(down.text)")
            #expect(try await two.call(.get, "/metrics").text.contains("worldlayer_live_signal_connected 0"))
            let whileDown = try await Self.place(one, token: ada, north: 2, text: "placed while NATS was down")
            try await nats.start()
            // Each server wakes its hub on reconnecting, for whatever was announced meanwhile.
            #expect(try await onTwo.next(type: "event")["stickerId"] as? String == whileDown)
            await onTwo.close()
        }
    }

    @Test("two servers starting at the same moment on one PostgreSQL both come up (migrations, built-in templates)")
    func simultaneousStart() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        let url = try await ScratchDatabase.makeURL(.postgres)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.database = url
        configuration.logLevel = .critical
        let c = configuration
        async let first = buildApplication(c)
        async let second = buildApplication(c)
        let apps = try await [first, second]
        #expect(apps.count == 2)
        try await apps[0].test(.live) { client in
            let list = try await API(client: client).call(.get, "/v1/templates")
            #expect((list.json["templates"] as? [Any])?.count == 8)
        }
    }

    @Test(
        "blocking resets the blocked person's live view; deleting an account ends its subscriptions and stickers",
        arguments: ScratchDatabase.engines)
    func relationsAndDeletion(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let bob = try await api.signUpAndLogIn("bob")
            let cell = try await Self.cell(api, token: ada)
            let bobLive = LiveClient(port: api.port, token: bob)
            bobLive.subscribe([cell])
            _ = try await bobLive.next(type: "subscribed")
            let adaLive = LiveClient(port: api.port, token: ada)
            adaLive.subscribe([cell])
            _ = try await adaLive.next(type: "subscribed")

            let sticker = try await Self.place(api, token: ada, north: 1, text: "hi")
            #expect(try await bobLive.next(type: "event")["stickerId"] as? String == sticker)
            #expect(try await api.call(.put, "/v1/me/blocks/ada", token: bob).status == .noContent)
            _ = try await bobLive.next(type: "reset")
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)", token: bob).status == .notFound)

            // Ada deletes her account: her socket is closed and her sticker is gone for everyone.
            let stranger = LiveClient(port: api.port, token: nil)
            stranger.subscribe([cell])
            _ = try await stranger.next(type: "subscribed")
            #expect(try await api.call(.delete, "/v1/me", json: ["password": "correct horse"], token: ada).status == .noContent)
            #expect(await adaLive.isClosedByServer())
            let gone = try await stranger.next(type: "event")
            #expect(gone["event"] as? String == "deleted" && gone["stickerId"] as? String == sticker)
            #expect(try await api.call(.get, "/v1/stickers/\(sticker)").status == .notFound)
            await bobLive.close()
            await stranger.close()
        }
    }

    @Test("bad subscriptions get an error frame and change nothing", arguments: [Store.Engine.sqlite])
    func badCommands(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let client = LiveClient(port: api.port, token: nil)
            client.send(["type": "dance"])
            #expect(try await client.next()["type"] as? String == "error")
            client.subscribe(["not-a-cell"])
            #expect(try await client.next()["type"] as? String == "error")
            client.subscribe(Array(repeating: "u4pruydq", count: 101))
            #expect(try await client.next()["type"] as? String == "error")
            await client.close()
            let bad = try await api.call(.get, "/v1/live", headers: [.authorization: "Bearer wl_nope"])
            #expect(bad.status == .unauthorized)
        }
    }
}

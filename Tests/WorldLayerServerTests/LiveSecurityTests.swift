import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// The live socket follows who the viewer is now: blocks, removals and logouts take effect on an
/// open socket, a resumed socket misses nothing, and no token reaches the log.
@Suite("Live socket security")
struct LiveSecurityTests {
    /// Carl's public sticker, placed last: the next event a socket gets must be this one, so nothing
    /// it should not see came before it.
    static func expectNextIsMarker(_ client: LiveClient, api: API, carl: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let marker = try await LiveTests.place(api, token: carl, north: 3, text: "marker")
        let next = try await client.next(type: "event", sourceLocation: sourceLocation)
        #expect(next["stickerId"] as? String == marker, "received \(next) before the marker", sourceLocation: sourceLocation)
    }

    @Test("after a block and a re-subscribe, the blocked user gets none of the blocker's new stickers", arguments: ScratchDatabase.engines)
    func blockHoldsAcrossResubscribe(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                carl = try await api.signUpAndLogIn("carl")
            let cell = try await LiveTests.cell(api, token: ada)
            let (bobLive, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: bob)
            #expect(try await api.call(.put, "/v1/me/blocks/bob", token: ada).status == .noContent)
            _ = try await bobLive.next(type: "reset")
            bobLive.subscribe([cell])
            _ = try await bobLive.next(type: "subscribed")
            _ = try await LiveTests.place(api, token: ada, north: 1, text: "not for bob")
            try await Self.expectNextIsMarker(bobLive, api: api, carl: carl)
            await bobLive.close()
        }
    }

    @Test("a member removed from a private worldmap stops receiving its stickers, re-subscribed or not", arguments: ScratchDatabase.engines)
    func removedMemberStopsReceiving(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada"), bob = try await api.signUpAndLogIn("bob"),
                carl = try await api.signUpAndLogIn("carl")
            let map = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "Ours", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude], token: ada)
            let mapID = try #require(map.json["id"] as? String), cell = try #require(map.json["cell"] as? String)
            #expect(try await api.call(.put, "/v1/worldmaps/\(mapID)/members/bob", token: ada).status.code < 300)
            let (bobLive, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: bob)
            #expect(try await api.call(.delete, "/v1/worldmaps/\(mapID)/members/bob", token: ada).status.code < 300)
            _ = try await bobLive.next(type: "reset")
            let id = UUID().text
            #expect(
                try await api.call(
                    .put, "/v1/stickers/\(id)", json: Fixtures.sticker(north: 1, text: "members only", worldmapId: mapID), token: ada
                ).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: ada).status == .ok)
            try await Self.expectNextIsMarker(bobLive, api: api, carl: carl)
            bobLive.subscribe([cell])
            _ = try await bobLive.next(type: "subscribed")
            let second = UUID().text
            #expect(
                try await api.call(
                    .put, "/v1/stickers/\(second)", json: Fixtures.sticker(north: 2, text: "members only", worldmapId: mapID), token: ada
                ).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(second)/place", token: ada).status == .ok)
            try await Self.expectNextIsMarker(bobLive, api: api, carl: carl)
            await bobLive.close()
        }
    }

    @Test("logging out closes the sockets of that session; a bad token in the frame closes the socket", arguments: ScratchDatabase.engines)
    func logoutClosesSocket(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await LiveTests.cell(api, token: ada)
            let (live, _) = try await LiveClient.subscribed(port: api.port, to: [cell], token: ada)
            #expect(try await api.call(.delete, "/v1/sessions/current", token: ada).status == .noContent)
            #expect(await live.closes())

            let forged = LiveClient(port: api.port, token: nil)
            forged.authenticate("wl_not-a-token")
            #expect(await forged.closes())
        }
    }

    @Test("a subscriber resuming with since while another client keeps placing misses no event", arguments: ScratchDatabase.engines)
    func resumeUnderLoad(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await LiveTests.cell(api, token: ada)
            let (first, start) = try await LiveClient.subscribed(port: api.port, to: [cell])
            var last = start
            await first.close()
            let count = 24
            let placer = Task {
                for i in 0..<count { _ = try await LiveTests.place(api, token: ada, north: Double(i % 10), text: "n\(i)") }
            }
            var seen = Set<String>(), reconnects = 0
            while seen.count < count {
                let (client, _) = try await LiveClient.subscribed(port: api.port, to: [cell], since: Int64(last))
                for _ in 0..<2 where seen.count < count {
                    let event = try await client.next(type: "event")
                    if event["event"] as? String == "created", let id = event["stickerId"] as? String { seen.insert(id) }
                    last = max(last, event["seq"] as? Int ?? last)
                }
                await client.close()
                reconnects += 1
            }
            try await placer.value
            #expect(seen.count == count && reconnects > 5)
        }
    }

    @Test("a token sent in the live socket's URL is not written to the log")
    func tokenNotLogged() async throws {
        try await withLoggedServer(level: .trace) { api, lines in
            let token = try await api.signUpAndLogIn("ada")
            let live = LiveClient(port: api.port, token: token)
            live.subscribe(["00000000"])
            _ = try await live.next()
            await live.close()
            #expect(try await api.call(.get, "/v1/me?access_token=\(token)", token: token).status == .ok)
            let logged = lines.all
            #expect(logged.contains { $0.contains("/v1/live") })
            #expect(!logged.contains { $0.contains(token) || $0.contains("access_token") }, "\(logged.filter { $0.contains("wl_") })")
        }
    }

    @Test("one address may hold at most 20 anonymous live sockets")
    func socketsPerAddress() async throws {
        try await withServer(.sqlite) { api in
            var clients: [LiveClient] = []
            for _ in 0..<20 { clients.append(try await LiveClient.subscribed(port: api.port, to: ["00000000"]).0) }
            // Refused: an error frame, then a close, then the connection ends. Read off the wire: the
            // test's WebSocket client can miss frames that come with the upgrade's answer.
            let refused = try await RawWebSocket.framesUntilClosed(port: api.port)
            #expect(refused.status.contains("101"), "\(refused.status)")
            #expect(refused.frames.map(\.opcode) == [1, 8], "\(refused.frames.map(\.text))")
            #expect(refused.frames.first?.text.contains(#""type":"error""#) == true)
            #expect(refused.frames.first?.text.contains("too many live connections") == true)
            #expect(refused.frames.last?.closeCode == 1008)
            for c in clients { await c.close() }
        }
    }

    @Test("two servers on one PostgreSQL count one address's live sockets together: 20 in all, a closed one frees a place on either")
    func socketsPerAddressAcrossServers() async throws {
        guard ScratchDatabase.engines.contains(.postgres) else { return }
        try await withTwoServers(.postgres) { first, second in
            var clients: [LiveClient] = []
            for n in 0..<20 {
                clients.append(try await LiveClient.subscribed(port: (n.isMultiple(of: 2) ? first : second).port, to: ["00000000"]).0)
            }
            for server in [first, second] {
                let refused = try await RawWebSocket.framesUntilClosed(port: server.port)
                #expect(refused.frames.first?.text.contains("too many live connections") == true, "\(refused.frames.map(\.text))")
                #expect(refused.frames.last?.closeCode == 1008)
            }
            // One closed on the first server: the second takes one more, and then none.
            await clients.removeFirst().close()
            var admitted: LiveClient? = nil
            // The close is counted a moment after the socket ends: tried again until then.
            for _ in 0..<50 where admitted == nil {
                admitted = await LiveClient.subscribedIfAdmitted(port: second.port, to: ["00000000"])
                if admitted == nil { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(admitted != nil, "a place freed on one server is free on the other")
            let refused = try await RawWebSocket.framesUntilClosed(port: first.port)
            #expect(refused.frames.last?.closeCode == 1008)
            await admitted?.close()
            for c in clients { await c.close() }
        }
    }

    @Test("an account holds at most 10 live sockets, also when each signs in by its first frame")
    func socketsPerAccountSignedInByFrame() async throws {
        try await withServer(.sqlite) { api in
            let token = try await api.signUpAndLogIn("ada")
            func signedIn() async throws -> (LiveClient, [String: Any]) {
                let client = LiveClient(port: api.port, token: nil)
                client.send(["type": "authenticate", "token": token])
                return (client, try await client.next())
            }
            var clients: [LiveClient] = []
            for _ in 0..<10 {
                let (client, answer) = try await signedIn()
                #expect(answer["type"] as? String == "authenticated", "\(answer)")
                clients.append(client)
            }
            let (eleventh, refusal) = try await signedIn()
            #expect(refusal["type"] as? String == "error" && (refusal["message"] as? String)?.contains("too many live connections") == true)
            #expect(await eleventh.isClosedByServer())
            // One closes: its place is the account's again (counted as freed once the server sees it go).
            await clients.removeLast().close()
            let deadline = Date().addingTimeInterval(20)
            var answer: [String: Any] = [:]
            repeat { answer = try await signedIn().1 } while answer["type"] as? String != "authenticated" && Date() < deadline
            #expect(answer["type"] as? String == "authenticated", "\(answer)")
        }
    }
}

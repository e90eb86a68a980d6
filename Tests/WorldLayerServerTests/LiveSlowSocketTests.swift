import Foundation
import Testing
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Live updates: a client that cannot keep up")
struct LiveSlowSocketTests {
    @Test(
        "a socket whose client stops reading is closed with 1013 while the others get every event, and it resumes with since",
        arguments: ScratchDatabase.engines)
    func slowSocket(engine: Store.Engine) async throws {
        // A small bound, so that a few dozen stickers are more than the slow client's buffers hold.
        // The close frame waits behind what was queued until the slow client reads again, which on a
        // loaded machine may be long after the 15 s a client normally has to answer it; and a client
        // that answers no ping is closed (1001) before it falls behind when placing is slow.
        let configure: (inout ServerConfiguration) -> Void = {
            $0.liveMaximumQueuedBytes = 4096
            $0.connectionLimits.webSocketCloseTimeout = .seconds(600)
            $0.connectionLimits.webSocketPingInterval = .seconds(600)
        }
        try await withServer(engine, configure: configure) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let cell = try await LiveTests.cell(api, token: ada)
            let fast = LiveClient(port: api.port, token: nil)
            fast.subscribe([cell])
            let start = try #require(try await fast.next(type: "subscribed")["seq"] as? Int)
            let slow = try await offThePool { try StalledSubscriber(port: api.port, cell: cell) }
            // Hung up whatever happens: the server's shutdown would otherwise wait out the long close timeout.
            defer { slow.hangUp() }

            var placed: [String] = []
            for i in 0..<60 {
                let text = "\(i) " + String(repeating: "slow phones must not hold the fast ones back. ", count: 5)
                placed.append(try await LiveTests.place(api, token: ada, north: Double(i % 4) + 1, text: String(text.prefix(280))))
            }
            var delivered: [String] = []
            while delivered.count < placed.count { delivered.append(try await fast.next(type: "event")["stickerId"] as? String ?? "") }
            #expect(delivered == placed, "the client that reads got every event, in order, while the other read nothing")

            let (received, closeCode) = try await offThePool { try slow.readUntilClosed() }
            #expect(closeCode == 1013, "closed with \(closeCode.map(String.init) ?? "no close frame")")
            #expect(received.count < placed.count, "the server stopped queueing for it")
            #expect(received.map(\.id) == Array(placed.prefix(received.count)), "what it got came in order, nothing skipped")

            let back = LiveClient(port: api.port, token: nil)
            back.subscribe([cell], since: Int64(received.last?.seq ?? start))
            var resumed: [String] = []
            while received.count + resumed.count < placed.count {
                resumed.append(try await back.next(type: "event")["stickerId"] as? String ?? "")
            }
            #expect(received.map(\.id) + resumed == placed, "resumed with since, it has every sticker once")
            await back.close()
            await fast.close()
        }
    }
}

/// A subscriber that stops reading once subscribed, on a socket with a small receive buffer: a phone
/// whose link stalled. Its frames are read only afterwards, to see what the server did meanwhile.
private final class StalledSubscriber: @unchecked Sendable {  // one thread at a time
    private let socket: LoopbackSocket
    private var reader = WebSocketFrames.Reader()

    init(port: Int, cell: String) throws {
        socket = try LoopbackSocket(port: port, timeout: 60, receiveBuffer: 2048)
        try socket.send(WebSocketFrames.upgradeRequest(port: port, path: "/v1/live"))
        var head = Data()
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            guard let chunk = try socket.receive() else { throw HelperFailure("the server closed during the upgrade") }
            head.append(chunk)
        }
        guard let end = head.range(of: Data("\r\n\r\n".utf8)), String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw HelperFailure("no upgrade: \(String(decoding: head, as: UTF8.self))")
        }
        reader.append(Data(head[end.upperBound...]))
        try socket.send(WebSocketFrames.clientFrame(opcode: 1, payload: Data(#"{"type":"subscribe","cells":["\#(cell)"]}"#.utf8)))
    }

    /// Ends the connection (a phone that gave up), so that nothing on the server waits for it.
    func hangUp() { socket.shutdown() }

    /// The sticker events read until the server's close frame, and that frame's code; the close is
    /// answered, as the protocol asks.
    func readUntilClosed() throws -> (events: [(id: String, seq: Int)], closeCode: Int?) {
        var events: [(id: String, seq: Int)] = []
        while true {
            while let frame = reader.next() {
                if frame.opcode == 8 {
                    try? socket.send(WebSocketFrames.clientFrame(opcode: 8, payload: frame.payload.prefix(2)))
                    return (events, frame.closeCode)
                }
                guard let message = try? JSONSerialization.jsonObject(with: frame.payload) as? [String: Any],
                    message["type"] as? String == "event", let id = message["stickerId"] as? String, let seq = message["seq"] as? Int
                else { continue }
                events.append((id, seq))
            }
            guard let chunk = try socket.receive() else { return (events, nil) }
            reader.append(chunk)
        }
    }
}

import Foundation
import HTTPTypes
import Testing
import WorldLayerTestSupport

/// Issue 50: stopping one server of several loses nothing a balancer can route elsewhere.
@Suite("Stopping a server: it drains, and ends in time")
struct DrainTests {
    @Test(
        "on SIGTERM /health/ready answers 503 (draining) at once while the listener is open; a live socket that never answers is sent 1001 and hung up on; the process ends within 20 s"
    )
    func drains() async throws {
        let server = try await RunningServer(database: CLI.scratchDatabase(), extra: ["--drain-delay", "3"])
        defer { server.stop() }
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        #expect(try await server.request("GET", "/health/ready").status == 200)
        #expect(try await server.request("GET", "/health/live").status == 200)

        // A phone that listens and never answers anything, the close frame included: upgraded before the signal.
        let socket = try LoopbackSocket(port: port, timeout: 30)
        try socket.send(WebSocketFrames.upgradeRequest(port: port, path: "/v1/live"))
        var received = Data()
        while received.range(of: Data("\r\n\r\n".utf8)) == nil, let more = try await offThePool({ try socket.receive() }) {
            received.append(more)
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 101"), "\(String(decoding: received, as: UTF8.self))")

        server.signalStop()
        // Ready turns 503 as soon as the signal is handled, while new connections are still taken.
        var ready = try await server.request("GET", "/health/ready")
        let deadline = ContinuousClock.now + .seconds(2)
        while ready.status == .ok, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            ready = try await server.request("GET", "/health/ready")
        }
        #expect(ready.status == .serviceUnavailable && ready.errorCode == "draining", "\(ready.status) \(ready.text)")

        // The silent phone is told to go (1001), then hung up on, though it never answered.
        let rest = try await offThePool { try socket.receiveAll() }
        var reader = WebSocketFrames.Reader()
        reader.append(Data(received[received.range(of: Data("\r\n\r\n".utf8))!.upperBound...]))
        reader.append(rest)
        var frames: [WebSocketFrames.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        #expect(frames.contains { $0.closeCode == 1001 }, "\(frames.map { ($0.opcode, $0.text) })")
        #expect(try await server.exitStatus(within: 20) != nil, "the process still runs 20 s after SIGTERM")
    }
}

import Foundation
import WorldLayerTestSupport

/// A WebSocket opened by hand that only listens: the status line and every frame the server sends
/// until it closes the connection. For a socket the server refuses at once.
public enum RawWebSocket {
    public typealias Frame = WebSocketFrames.Frame

    /// Opens `path` and returns the response's status line and every frame the server sends until it
    /// closes the connection (within `timeout` seconds of silence, or this throws).
    public static func framesUntilClosed(port: Int, path: String = "/v1/live", timeout: TimeInterval = 60) async throws -> (
        status: String, frames: [Frame]
    ) {
        // Blocking reads, so on a thread of their own rather than the cooperative pool the server uses.
        try await offThePool { try read(port: port, path: path, timeout: timeout) }
    }

    private static func read(port: Int, path: String, timeout: TimeInterval) throws -> (status: String, frames: [Frame]) {
        let socket = try LoopbackSocket(port: port, timeout: timeout)
        try socket.send(WebSocketFrames.upgradeRequest(port: port, path: path))
        let bytes = try socket.receiveAll()
        guard let end = bytes.range(of: Data("\r\n\r\n".utf8)) else { return (String(decoding: bytes, as: UTF8.self), []) }
        let status = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")[0]
        var reader = WebSocketFrames.Reader()
        reader.append(Data(bytes[end.upperBound...]))
        var frames: [Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        return (status, frames)
    }
}

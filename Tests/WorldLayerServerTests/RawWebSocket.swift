import Foundation
import WorldLayerTestSupport

/// A WebSocket opened by hand, reading the server's frames straight off the wire. For a socket the
/// server refuses at once: HummingbirdWSClient can hang when the frames and the close come in the same
/// read as the `101` (it did in about half of the runs with the CPU busy), while the bytes themselves
/// were right every time.
enum RawWebSocket {
    struct Frame {
        let opcode: UInt8
        let payload: Data
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code.
        var closeCode: Int? {
            opcode == 8 && payload.count >= 2 ? Int(payload[payload.startIndex]) << 8 | Int(payload[payload.startIndex + 1]) : nil
        }
    }

    /// Opens `path` and returns the response's status line and every frame the server sends until it
    /// closes the connection (within `timeout` seconds of silence, or this throws).
    static func framesUntilClosed(port: Int, path: String = "/v1/live", timeout: TimeInterval = 60) async throws -> (
        status: String, frames: [Frame]
    ) {
        // Blocking reads, so on a thread of their own rather than the cooperative pool the server uses.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try read(port: port, path: path, timeout: timeout) })
            }
        }
    }

    private static func read(port: Int, path: String, timeout: TimeInterval) throws -> (status: String, frames: [Frame]) {
        let socket = try LoopbackSocket(port: port, timeout: timeout)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try socket.send(
            Data(
                ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let bytes = try socket.receiveAll()
        guard let end = bytes.range(of: Data("\r\n\r\n".utf8)) else { return (String(decoding: bytes, as: UTF8.self), []) }
        let status = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")[0]
        return (status, frames(in: Data(bytes[end.upperBound...])))
    }

    /// Server frames are unmasked: opcode, then a 7-bit length or a 16- or 64-bit one, then the payload.
    private static func frames(in data: Data) -> [Frame] {
        let bytes = [UInt8](data)
        var frames: [Frame] = [], at = 0
        while at + 2 <= bytes.count {
            var length = Int(bytes[at + 1] & 0x7f), start = at + 2
            let extra = length == 126 ? 2 : length == 127 ? 8 : 0
            if extra > 0 {
                guard start + extra <= bytes.count else { break }
                length = bytes[start..<start + extra].reduce(0) { $0 << 8 | Int($1) }
                start += extra
            }
            guard start + length <= bytes.count else { break }
            frames.append(Frame(opcode: bytes[at] & 0x0f, payload: Data(bytes[start..<start + length])))
            at = start + length
        }
        return frames
    }
}

import Foundation

/// WebSocket frames (RFC 6455) as the tests' clients read and write them, straight off the wire.
public enum WebSocketFrames {
    public struct Frame: Sendable {
        public let opcode: UInt8
        public let payload: Data
        public var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code.
        public var closeCode: Int? {
            opcode == 8 && payload.count >= 2 ? Int(payload[payload.startIndex]) << 8 | Int(payload[payload.startIndex + 1]) : nil
        }
    }

    /// Frames from bytes as they arrive: `append` what was read, then take whole frames with `next`.
    /// Server frames are unmasked: opcode, then a 7-bit length or a 16- or 64-bit one, then the payload.
    public struct Reader {
        private var bytes: [UInt8] = []

        public init() {}

        public mutating func append(_ data: Data) { bytes.append(contentsOf: data) }

        public mutating func next() -> Frame? {
            guard bytes.count >= 2 else { return nil }
            var length = Int(bytes[1] & 0x7f), start = 2
            let extra = length == 126 ? 2 : length == 127 ? 8 : 0
            if extra > 0 {
                guard start + extra <= bytes.count else { return nil }
                length = bytes[start..<start + extra].reduce(0) { $0 << 8 | Int($1) }
                start += extra
            }
            guard start + length <= bytes.count else { return nil }
            let frame = Frame(opcode: bytes[0] & 0x0f, payload: Data(bytes[start..<start + length]))
            bytes.removeFirst(start + length)
            return frame
        }
    }

    /// A client's frame: final, masked (as RFC 6455 requires of clients).
    public static func clientFrame(opcode: UInt8, payload: Data) -> Data {
        var out: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: out.append(0x80 | UInt8(payload.count))
        case ..<65_536: out += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: out += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        out += mask
        out += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return Data(out)
    }

    /// The opening request of a WebSocket on `path`.
    public static func upgradeRequest(port: Int, path: String) -> Data {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        return Data(
            ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
    }
}

#if os(Linux)
    import CLinuxEpoll
    import WorldLayerCLI
    import Foundation
    import Glibc

    /// Thousands of WebSocket subscribers on one thread: non-blocking sockets, epoll, and frames parsed
    /// from the bytes as they come (server frames are never masked).
    ///
    /// The load generator must not be the bottleneck it measures: a client per socket on an async
    /// WebSocket library took 40 % of the two cores at 10,000 subscribers, so its cost was mixed into
    /// the servers' figures. Here one read costs a system call and a scan of its bytes, nothing per frame
    /// but a search for what the log needs.
    final class LiveSubscriberLoop {
        private enum Phase {
            case connecting, upgrading, open
        }

        private struct Connection {
            var phase = Phase.connecting
            /// The start of a frame (or of the upgrade's answer) that the last read cut off.
            var carry: [UInt8] = []
            var forwardedFor: String
            var host: String
        }

        private let epoll: Int32
        private var connections: [Int32: Connection] = [:]
        private let log: LatencyLog
        private let subscribe: [UInt8]
        private var buffer = [UInt8](repeating: 0, count: 256 << 10)

        init(log: LatencyLog, subscribeJSON: String) {
            self.log = log
            self.subscribe = Self.maskedTextFrame(Array(subscribeJSON.utf8))
            epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        }

        /// Opens a socket to `host:port` and starts its upgrade; the client says it is `forwardedFor`.
        func connect(host: String, port: UInt16, forwardedFor: String) throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { throw CommandFailure("socket: \(String(cString: strerror(errno)))") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 || errno == EINPROGRESS else { throw CommandFailure("connect: \(String(cString: strerror(errno)))") }
            connections[fd] = Connection(forwardedFor: forwardedFor, host: "\(host):\(port)")
            var event = epoll_event()
            event.events = EPOLLOUT.rawValue | EPOLLIN.rawValue | EPOLLRDHUP.rawValue
            event.data.fd = fd
            epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
        }

        /// Waits up to `milliseconds` and handles whatever became ready.
        func poll(milliseconds: Int32) throws {
            var events = [epoll_event](repeating: epoll_event(), count: 512)
            let ready = epoll_wait(epoll, &events, Int32(events.count), milliseconds)
            guard ready > 0 else { return }
            for event in events[0..<Int(ready)] {
                let fd = event.data.fd
                guard let phase = connections[fd]?.phase else { continue }
                if phase == .connecting, event.events & EPOLLOUT.rawValue != 0 {
                    try startUpgrade(fd)
                    continue
                }
                if event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { try read(fd) }
            }
        }

        private func startUpgrade(_ fd: Int32) throws {
            guard let connection = connections[fd] else { return }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw CommandFailure("connect to \(connection.host): \(String(cString: strerror(error)))") }
            let request =
                "GET /v1/live HTTP/1.1\r\nHost: \(connection.host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "X-Forwarded-For: \(connection.forwardedFor)\r\n\r\n"
            try writeAll(fd, Array(request.utf8))
            connections[fd]?.phase = .upgrading
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
            event.data.fd = fd
            epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event)
        }

        /// One read per readiness (epoll is level-triggered: what is left is reported again).
        private func read(_ fd: Int32) throws {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EAGAIN || errno == EINTR { return }
            guard count > 0, var connection = connections[fd] else {
                hangUp(fd)
                return
            }
            let now = LiveSubscribersCommand.epochNanoseconds()
            if connection.carry.isEmpty {
                buffer.withUnsafeBufferPointer { bytes in
                    consume(UnsafeBufferPointer(rebasing: bytes[0..<count]), into: &connection, fd: fd, at: now)
                }
            } else {
                var joined = connection.carry
                connection.carry = []
                joined.append(contentsOf: buffer[0..<count])
                joined.withUnsafeBufferPointer { consume($0, into: &connection, fd: fd, at: now) }
            }
            if connections[fd] != nil { connections[fd] = connection }  // unless a close frame ended it
        }

        /// Takes the upgrade's answer and every whole frame in `bytes`; keeps the unfinished rest.
        private func consume(_ bytes: UnsafeBufferPointer<UInt8>, into connection: inout Connection, fd: Int32, at now: Int64) {
            var at = 0
            if connection.phase == .upgrading {
                guard let end = LatencyLog.find(Self.headEnd, in: bytes) else {
                    connection.carry = Array(bytes)
                    return
                }
                guard LatencyLog.find(Self.switching, in: UnsafeBufferPointer(rebasing: bytes[0..<end])) != nil else {
                    FileHandle.standardError.write(Data("upgrade refused: \(String(decoding: bytes[0..<end], as: UTF8.self))\n".utf8))
                    Foundation.exit(1)
                }
                connection.phase = .open
                try? writeAll(fd, subscribe)
                at = end + Self.headEnd.count
            }
            while at + 2 <= bytes.count {
                let opcode = bytes[at] & 0x0F
                var length = Int(bytes[at + 1] & 0x7F)
                var header = 2
                if length == 126 {
                    guard at + 4 <= bytes.count else { break }
                    length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                    header = 4
                } else if length == 127 {
                    guard at + 10 <= bytes.count else { break }
                    length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[at + 2 + $1]) }
                    header = 10
                }
                guard at + header + length <= bytes.count else { break }
                let payload = UnsafeBufferPointer(rebasing: bytes[(at + header)..<(at + header + length)])
                switch opcode {
                case 1: log.received(payload, at: now)
                case 8:
                    hangUp(fd)
                    return
                default: break  // pings and pongs carry nothing measured
                }
                at += header + length
            }
            if at < bytes.count { connection.carry = Array(bytes[at...]) }
        }

        private func hangUp(_ fd: Int32) {
            guard let connection = connections.removeValue(forKey: fd) else { return }
            close(fd)
            if connection.phase == .open { log.disconnected() }
        }

        private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
            var sent = 0
            while sent < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + sent, bytes.count - sent) }
                if n < 0, errno == EAGAIN || errno == EINTR { continue }
                guard n > 0 else { throw CommandFailure("write: \(String(cString: strerror(errno)))") }
                sent += n
            }
        }

        /// A client's text frame: clients must mask what they send (RFC 6455 §5.3).
        static func maskedTextFrame(_ payload: [UInt8]) -> [UInt8] {
            precondition(payload.count < 126, "a subscribe command fits a short frame")
            let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
            return [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
        }

        private static let headEnd = Array("\r\n\r\n".utf8)
        private static let switching = Array(" 101 ".utf8)
    }
#endif

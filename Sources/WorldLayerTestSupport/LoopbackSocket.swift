import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to 127.0.0.1, for tests that must see the bytes a server writes
/// exactly as they arrive (no client library between them and the wire).
public final class LoopbackSocket: @unchecked Sendable {  // one fd, used by one thread at a time
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let fd: Int32
    public let port: Int
    public let timeout: TimeInterval

    /// Connects from `source` (any 127.x.y.z: the whole block is loopback, so a test can be two
    /// clients); every later `receive` gives up after `timeout` seconds of silence. `receiveBuffer`
    /// shrinks the kernel's buffer for what arrives (a phone on a slow link, for a test that stops reading).
    public init(port: Int, timeout: TimeInterval, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        self.port = port
        self.timeout = timeout
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw Failure(description: "cannot connect from \(source)") }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
    }

    // Also when `init` throws: every stored property is set by then, so Swift runs `deinit`, and a
    // second `close` there would close whatever file reused the number (a browser test's WebDriver
    // connection once failed with "Bad file descriptor" so, while its server was stopped).
    deinit { close(fd) }

    /// A loopback port nothing listens on right now (the system's pick for a socket bound to port 0).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    public func send(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                // MSG_NOSIGNAL: a server that closed the connection is an error here, not a SIGPIPE that ends the tests.
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                // A signal (a child process of the tests ending) interrupts the call; it is not the peer's doing.
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw Failure(description: "send to 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))") }
                sent += n
            }
        }
    }

    /// The next bytes the server wrote, or nil when it closed the connection.
    public func receive() throws -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { return Data(buffer[0..<n]) }
            if n == 0 { return nil }
            if errno == EINTR { continue }  // a signal, as in send
            if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure(description: "no answer from 127.0.0.1:\(port) within \(Int(timeout)) s")
            }
            throw Failure(description: "receiving from 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Ends the connection both ways at once: a `receive` blocked on another thread returns nil.
    public func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    /// Everything the server writes until it closes the connection.
    public func receiveAll() throws -> Data {
        var all = Data()
        while let chunk = try receive() { all.append(chunk) }
        return all
    }
}

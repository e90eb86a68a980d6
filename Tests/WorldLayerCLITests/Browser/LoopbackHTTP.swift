import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client for loopback: chromedriver writes headers without a space after the
/// colon (`Content-Length:249`), which Foundation's URLSession on Linux refuses ("Failed writing header").
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func request(port: Int, method: String, path: String, body: Data? = nil, timeout: TimeInterval = 120) throws -> (
        status: Int, body: Data
    ) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "no socket") }
        defer { close(fd) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        var request = Data((head + "\r\n").utf8)
        if let body { request.append(body) }
        try request.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = send(fd, raw.baseAddress! + sent, raw.count - sent, 0)
                guard n > 0 else { throw Failure(description: "send failed") }
                sent += n
            }
        }
        // Read the head, then as many body bytes as Content-Length says (or to the end).
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        var headEnd: Range<Data.Index>?
        while expected.map({ response.count < $0 }) ?? true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 {
                response.append(contentsOf: buffer[0..<n])
            } else if n == 0 {
                break
            } else {
                throw Failure(description: "no answer from 127.0.0.1:\(port) within \(Int(timeout)) s")
            }
            if headEnd == nil, let end = response.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = end
                let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
                if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                    let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
                {
                    expected = end.upperBound - response.startIndex + length
                }
            }
        }
        guard let split = headEnd,
            let statusLine = String(data: response[..<split.lowerBound], encoding: .utf8)?.split(separator: "\r\n").first,
            let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw Failure(description: "not an HTTP response") }
        return (status, Data(response[split.upperBound...]))
    }
}

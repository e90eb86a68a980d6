import Foundation
import WorldLayerTestSupport

/// A minimal HTTP/1.1 client for loopback: chromedriver writes headers without a space after the
/// colon (`Content-Length:249`), which Foundation's URLSession on Linux refuses ("Failed writing header").
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func request(port: Int, method: String, path: String, body: Data? = nil, timeout: TimeInterval = 120) throws -> (
        status: Int, body: Data
    ) {
        let socket = try LoopbackSocket(port: port, timeout: timeout)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        var request = Data((head + "\r\n").utf8)
        if let body { request.append(body) }
        try socket.send(request)
        // Read the head, then as many body bytes as Content-Length says (or to the end).
        var response = Data()
        var expected: Int?
        var headEnd: Range<Data.Index>?
        while expected.map({ response.count < $0 }) ?? true {
            guard let chunk = try socket.receive() else { break }
            response.append(chunk)
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

import Foundation
import WorldLayerCLI
import WorldLayerGeo

#if canImport(Glibc)
    import Glibc
#endif

/// Just enough of a Redis client for `bench nearby --engine redis`: RESP2 over one blocking
/// loopback socket, one command at a time, as a client library would send it. (A driver package
/// for one benchmark peer would be a dependency for nothing else.)
final class RedisConnection: @unchecked Sendable {
    /// A reply: RESP2's five kinds.
    indirect enum Reply {
        case status(String), error(String), integer(Int), bulk(String?), array([Reply]?)
    }

    private let socket: Int32
    private var buffer: [UInt8] = []
    private var position = 0

    init(address: String) throws {
        let parts = address.split(separator: ":")
        guard parts.count == 2, let port = UInt16(parts[1]) else { throw CommandFailure("a Redis address looks like 127.0.0.1:6379") }
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var peer = sockaddr_in()
        peer.sin_family = sa_family_t(AF_INET)
        peer.sin_port = port.bigEndian
        inet_pton(AF_INET, String(parts[0]), &peer.sin_addr)
        let connected = withUnsafePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw CommandFailure("cannot reach Redis at \(address)")
        }
        var on: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(socket) }

    /// Where this client's searches start (``NearbyPeerHints``).
    private let hints = NearbyPeerHints(aim: 75, cap: 50)

    /// The nearest 50 members within the query's radius, with their distances (Redis's sphere).
    ///
    /// `GEOSEARCH … COUNT 50` still gathers and sorts every member within the radius (a 1 km circle
    /// in central Helsinki holds half of the 1 M), so, as Redis users do, the circle starts at the
    /// size the density met here last suggests and grows by the density it finds until it holds 50
    /// or reaches the radius.
    func nearby(_ q: BenchQuery) throws -> [String] {
        let center = Coordinate(latitude: q.latitude, longitude: q.longitude)
        var reach = hints.firstReach(around: center, radius: q.radius)
        while true {
            let found = try search(q, within: reach)
            hints.record(rows: found.count, reach: reach, around: center)
            if found.count == 50 || reach >= q.radius { return found }
            reach = min(q.radius, reach * (found.isEmpty ? 4 : min(4, max(1.5, (50 / Double(found.count)).squareRoot() * 1.3))))
        }
    }

    private func search(_ q: BenchQuery, within reach: Double) throws -> [String] {
        let reply = try command(
            "GEOSEARCH", "stickers", "FROMLONLAT", String(q.longitude), String(q.latitude), "BYRADIUS", String(reach), "m", "ASC",
            "COUNT", "50", "WITHDIST")
        // Beyond ±85.05° (outside Redis's geohash) it answers with an error: nothing held there.
        if case .error = reply { return [] }
        guard case .array(let items?) = reply else { throw CommandFailure("Redis answered GEOSEARCH with \(reply)") }
        return items.map { item in
            guard case .array(let pair?) = item, pair.count == 2, case .bulk(let id?) = pair[0], case .bulk(let d?) = pair[1] else {
                return "?"
            }
            return "\(id):\(d)"
        }
    }

    func command(_ arguments: String...) throws -> Reply {
        var request = "*\(arguments.count)\r\n"
        for a in arguments { request += "$\(a.utf8.count)\r\n\(a)\r\n" }
        var bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeMutableBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, 0) }
            guard n > 0 else { throw CommandFailure("Redis closed the connection") }
            sent += n
        }
        return try reply()
    }

    private func reply() throws -> Reply {
        let line = try readLine()
        let rest = String(line.dropFirst())
        switch line.first {
        case "+": return .status(rest)
        case "-": return .error(rest)
        case ":": return .integer(Int(rest) ?? 0)
        case "$":
            guard let length = Int(rest), length >= 0 else { return .bulk(nil) }
            let body = try read(length + 2)
            return .bulk(String(decoding: body.dropLast(2), as: UTF8.self))
        case "*":
            guard let count = Int(rest), count >= 0 else { return .array(nil) }
            return .array(try (0..<count).map { _ in try reply() })
        default: throw CommandFailure("Redis sent something that is not RESP: \(line)")
        }
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[position..<end].dropLast(), as: UTF8.self)
                position = end + 1
                return line
            }
            try fill()
        }
    }

    private func read(_ count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - position < count { try fill() }
        defer { position += count }
        return buffer[position..<position + count]
    }

    private func fill() throws {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw CommandFailure("Redis closed the connection") }
        buffer.append(contentsOf: chunk[..<n])
    }
}

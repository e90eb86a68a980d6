import Foundation
import NIOCore

/// What a NATS server sends a client, read from its byte stream (the text protocol: one line per
/// operation, and after `MSG` a payload of the length the line states).
enum NATSServerOperation: Equatable {
    case info
    case ping
    case pong
    case ok
    case error(String)
    case message(subject: String, payload: [UInt8])
}

/// Splits a NATS server's bytes into operations, however the network cuts them.
struct NATSReader {
    private var pending: [UInt8] = []
    /// A `MSG` line whose payload has not fully arrived.
    private var awaiting: (subject: String, length: Int)?

    /// The operations complete so far; the rest waits for more bytes.
    mutating func read(_ buffer: ByteBuffer) throws -> [NATSServerOperation] {
        pending.append(contentsOf: buffer.readableBytesView)
        var operations: [NATSServerOperation] = []
        var start = 0
        defer { pending.removeFirst(start) }
        while true {
            if let (subject, length) = awaiting {
                // The payload and the CRLF after it.
                guard pending.count - start >= length + 2 else { return operations }
                operations.append(.message(subject: subject, payload: Array(pending[start..<start + length])))
                start += length + 2
                awaiting = nil
                continue
            }
            guard let end = lineEnd(from: start) else {
                if pending.count - start > 64 << 10 { throw NATSProtocolError("a line from the NATS server is over 64 KiB") }
                return operations
            }
            let line = String(decoding: pending[start..<end], as: UTF8.self)
            start = end + 2
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            switch words.first?.uppercased() {
            case "INFO": operations.append(.info)
            case "PING": operations.append(.ping)
            case "PONG": operations.append(.pong)
            case "+OK": operations.append(.ok)
            case "-ERR": operations.append(.error(String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)))
            case "MSG":
                // MSG <subject> <sid> [reply-to] <#bytes>
                guard words.count == 4 || words.count == 5, let length = Int(words.last!), length >= 0 else {
                    throw NATSProtocolError("malformed MSG line from the NATS server: \(line)")
                }
                awaiting = (String(words[1]), length)
            default:
                throw NATSProtocolError("unexpected line from the NATS server: \(line.prefix(80))")
            }
        }
    }

    private func lineEnd(from start: Int) -> Int? {
        var i = start
        while i + 1 < pending.count {
            if pending[i] == 13, pending[i + 1] == 10 { return i }
            i += 1
        }
        return nil
    }
}

struct NATSProtocolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

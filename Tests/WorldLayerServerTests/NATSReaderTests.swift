import NIOCore
import Testing

@testable import WorldLayerServer

@Suite("NATS protocol reader")
struct NATSReaderTests {
    static let stream =
        "INFO {\"server_id\":\"x\",\"max_payload\":1048576}\r\n+OK\r\nPING\r\nMSG worldlayer.commits 1 0\r\n\r\n"
        + "MSG worldlayer.commits 1 _INBOX.reply 6\r\nA\r\nB C\r\n-ERR 'Unknown Protocol Operation'\r\nPONG\r\n"
    static let expected: [NATSServerOperation] = [
        .info, .ok, .ping, .message(subject: "worldlayer.commits", payload: []),
        .message(subject: "worldlayer.commits", payload: Array("A\r\nB C".utf8)), .error("'Unknown Protocol Operation'"),
        .pong,
    ]

    @Test("reads every operation however the bytes are cut, a payload holding CRLF included", arguments: [1, 2, 3, 7, 13, 1000])
    func cuts(piece: Int) throws {
        var reader = NATSReader()
        var operations: [NATSServerOperation] = []
        let bytes = Array(Self.stream.utf8)
        for start in stride(from: 0, to: bytes.count, by: piece) {
            operations += try reader.read(ByteBuffer(bytes: bytes[start..<min(bytes.count, start + piece)]))
        }
        #expect(operations == Self.expected)
    }

    @Test("a line it does not know, or a MSG without a length, is an error, not a guess")
    func garbage() {
        var reader = NATSReader()
        #expect(throws: NATSProtocolError.self) { try reader.read(ByteBuffer(string: "HELLO there\r\n")) }
        var other = NATSReader()
        #expect(throws: NATSProtocolError.self) { try other.read(ByteBuffer(string: "MSG subject 1 many\r\n")) }
    }
}

@Suite("The --live-signal address")
struct LiveSignalParsingTests {
    @Test("database, or nats://host[:port]; anything else, credentials included, is refused with the form it takes")
    func parsing() throws {
        #expect(try LiveSignal(parsing: "database") == .database)
        #expect(try LiveSignal(parsing: "nats://127.0.0.1:4333") == .nats(host: "127.0.0.1", port: 4333))
        #expect(try LiveSignal(parsing: "nats://nats.internal") == .nats(host: "nats.internal", port: 4222))
        for bad in [
            "redis://127.0.0.1:6379", "nats://", "nats://user:secret@127.0.0.1:4222", "nats://127.0.0.1:0", "nats://h/x", "nats://h?x=1",
        ] {
            #expect(throws: LiveSignalError.self, "\(bad)") { try LiveSignal(parsing: bad) }
        }
    }
}

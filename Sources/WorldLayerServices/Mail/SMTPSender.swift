import Foundation
import NIOCore
import NIOPosix

/// Hands messages to an SMTP server (RFC 5321): EHLO, MAIL FROM, RCPT TO, DATA, QUIT, one
/// connection per message. For a relay on the same host or network; it speaks neither TLS nor AUTH.
public struct SMTPSender: MailSender {
    public let host: String
    public let port: Int
    /// The name this client gives in EHLO.
    public var heloName = "worldlayer.localhost"

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func send(_ message: EmailMessage) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineDecoder()))
                    return try NIOAsyncChannel<String, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var lines = inbound.makeAsyncIterator()
            /// Reads one reply (its continuation lines too) and checks its code.
            func expect(_ code: Int) async throws {
                while let line = try await lines.next() {
                    guard line.count >= 3, let got = Int(line.prefix(3)) else {
                        throw Failure(description: "the SMTP server said “\(line)”")
                    }
                    if line.count > 3, line[line.index(line.startIndex, offsetBy: 3)] == "-" { continue }
                    guard got == code else { throw Failure(description: "the SMTP server answered “\(line)” (expected \(code))") }
                    return
                }
                throw Failure(description: "the SMTP server closed the connection")
            }
            func say(_ text: String) async throws { try await outbound.write(ByteBuffer(string: text + "\r\n")) }
            try await expect(220)
            try await say("EHLO \(heloName)")
            try await expect(250)
            try await say("MAIL FROM:<\(Self.address(message.from))>")
            try await expect(250)
            try await say("RCPT TO:<\(Self.address(message.to))>")
            try await expect(250)
            try await say("DATA")
            try await expect(354)
            // Dot-stuffing: a line that starts with "." gets another.
            let body = message.rendered.components(separatedBy: "\r\n").map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n")
            try await outbound.write(ByteBuffer(string: body + "\r\n.\r\n"))
            try await expect(250)
            try await say("QUIT")
            try? await expect(221)
        }
    }

    /// `Name <a@b>` → `a@b`.
    static func address(_ text: String) -> String {
        guard let open = text.lastIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else { return text }
        return String(text[text.index(after: open)..<close])
    }
}

/// Splits the server's replies into lines (CRLF or LF).
private struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        let length = newline - buffer.readerIndex + 1
        var line = buffer.readString(length: length) ?? ""
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}

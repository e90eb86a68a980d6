import NIOCore

/// The first handler on every connection (inside TLS): refuses an address past its connection limit,
/// and closes a connection whose first request head has not fully arrived in time. Hummingbird's own
/// idle timer starts only once a head has been parsed, so without this an idle or slowloris
/// socket would be held forever. After the first head it only passes bytes on.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connections: OpenConnections
    private let firstRequestTimeout: TimeAmount
    private var address: String?
    private var deadline: Scheduled<Void>?
    /// How much of the blank line that ends a head ("\r\n\r\n") the bytes so far end with; 4 once it came.
    private var matched = 0
    /// This handler's place in its pipeline, closest to the socket: where a raw answer is written from.
    private var context: ChannelHandlerContext?
    private var answered = false

    init(connections: OpenConnections, firstRequestTimeout: Duration) {
        self.connections = connections
        self.firstRequestTimeout = TimeAmount(firstRequestTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    /// Answers a request the HTTP handlers could not read with a 400 in plain bytes (they cannot write
    /// an answer to what they did not parse), then closes.
    func answerBadRequest(_ message: String) {
        guard let context, !answered else { return }
        answered = true
        let body = #"{"error":{"code":"bad_request","message":"\#(message)"}}"#
        let answer =
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            + body
        context.writeAndFlush(NIOAny(ByteBuffer(string: answer))).whenComplete { _ in Self.hangUp(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard address == nil, deadline == nil else { return }
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        guard connections.open(peer) else {
            // After the pipeline's setup, which is still adding the HTTP handlers that must see the end.
            loop.execute { Self.hangUp(context) }
            return
        }
        address = peer
        deadline = loop.scheduleTask(in: firstRequestTimeout) { Self.hangUp(context) }
    }

    /// Ends the connection as if the client had stopped sending: the HTTP handlers then drop the
    /// request quietly (a close under them would log an error for every refused connection, and an
    /// attacker would write the log).
    private static func hangUp(_ context: ChannelHandlerContext) {
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if matched < 4 {
            matched = Self.blankLine(after: matched, in: unwrapInboundIn(data).readableBytesView)
            if matched == 4 { deadline?.cancel() }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        finish()
    }

    private func finish() {
        deadline?.cancel()
        deadline = nil
        if let address { connections.close(address) }
        address = nil
    }

    /// Follows "\r\n\r\n" through `bytes`, from `matched` of its bytes seen before: 4 when it is complete.
    static func blankLine<Bytes: Sequence<UInt8>>(after matched: Int, in bytes: Bytes) -> Int {
        var matched = matched
        for byte in bytes where matched < 4 {
            let expected: UInt8 = matched % 2 == 0 ? 13 : 10
            matched = byte == expected ? matched + 1 : (byte == 13 ? 1 : 0)
        }
        return matched
    }
}

import NIOCore
import NIOWebSocket
import Synchronization

/// The server's end of one live WebSocket: frames go straight onto its channel, on the channel's
/// event loop, batched with every other socket of that loop (``LiveOutbox``).
///
/// Hummingbird's outbound writer costs a task, an async queue and an event-loop hop per frame
/// (without them the live bench's deliveries per server CPU-second went from ~35,000 to ~43,000;
/// the rest is mostly the kernel's write, bench/JOURNAL.md). Here a pass of the hub
/// queues its frames, the loop writes each socket's frames and flushes it once, so several events
/// that reach a socket together leave in one system call. Closing still goes through the WebSocket's
/// own writer (``closeRequests``), whose state machine must know it sent the close frame.
final class LiveSocket: Sendable {
    let channel: any Channel
    private let outbox: LiveOutbox
    private let reason = Mutex<(WebSocketErrorCode, String)?>(nil)
    private let requests: AsyncStream<Void>.Continuation
    /// Yields once when the server decides to close the socket (``close(_:_:)``), ends when the socket does.
    let closeRequests: AsyncStream<Void>
    /// Touched only on the channel's event loop (by ``LiveOutbox``).
    nonisolated(unsafe) private var waitsForFlush = false
    /// Where whole frames enter the pipeline: just past the WebSocket frame encoder, which they need not visit.
    nonisolated(unsafe) private var pastEncoder: ChannelHandlerContext?
    nonisolated(unsafe) private var stoppedWriting = false

    init(channel: any Channel, maximumQueuedBytes: Int) {
        self.channel = channel
        self.outbox = LiveOutbox.of(channel.eventLoop)
        (closeRequests, requests) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // The bound is the channel's own high-water mark, so NIO's byte count is the one queue measured,
        // and the kernel's send buffer is capped to match (Linux doubles it; left alone it grows to 4 MiB),
        // so that a stalled phone holds about twice the bound of the server's memory, never more.
        let marks = ChannelOptions.Types.WriteBufferWaterMark(low: maximumQueuedBytes / 2, high: maximumQueuedBytes)
        channel.setOption(ChannelOptions.writeBufferWaterMark, value: marks).whenFailure { _ in }
        channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(maximumQueuedBytes / 2)).whenFailure { _ in }
        channel.pipeline.context(handlerType: WebSocketFrameEncoder.self).whenSuccess { [self] in pastEncoder = $0 }
    }

    /// Why the server closes the socket, once it has decided to; the first reason wins.
    var closeReason: (WebSocketErrorCode, String)? { reason.withLock { $0 } }

    /// Queues a whole text frame (``LiveMessage/frame``), which it shares rather than copies; nothing once closing.
    /// A `paced` frame (an answer, a replay whose sender waits for ``drained()``) never counts against
    /// the bound; a live one that finds the client too far behind closes the socket.
    func send(_ frame: ByteBuffer, paced: Bool) {
        guard closeReason == nil else { return }
        outbox.enqueue(self, frame, paced: paced)
    }

    /// Returns once what was queued before is written and the client has taken most of it (the
    /// channel is writable again), or the socket has ended. A client still that far behind after
    /// `patience` is closed with 1013, as a live frame would close it.
    func drained(patience: Duration = .seconds(15)) async {
        _ = try? await channel.eventLoop.submit {}.get()  // after every outbox task queued before
        let deadline = ContinuousClock.now + patience
        while channel.isActive, !channel.isWritable, closeReason == nil {
            guard ContinuousClock.now < deadline else { return close(.unknown(1013), Self.tooFarBehind) }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private static let tooFarBehind = "too many events queued for this connection; reconnect with since"

    /// Asks for the socket to be closed after what was queued before; later frames are dropped.
    func close(_ code: WebSocketErrorCode, _ text: String) {
        let first = reason.withLock { stored -> Bool in
            guard stored == nil else { return false }
            stored = (code, text)
            return true
        }
        if first { requests.yield() }
    }

    /// The socket has ended: nothing more is asked of it.
    func finish() { requests.finish() }

    /// On the event loop: writes one frame, or closes a socket whose client cannot keep up with 1013
    /// (it resumes with `since` instead of silently missing events). True when the socket now waits
    /// for a flush and was not waiting before.
    fileprivate func writeOnLoop(_ frame: ByteBuffer, paced: Bool) -> Bool {
        guard !stoppedWriting else { return false }
        if !paced, !channel.isWritable {
            // Hand what waits to the kernel first: only what still does not fit is the client's lag.
            channel.flush()
            if !channel.isWritable {
                stoppedWriting = true
                close(.unknown(1013), Self.tooFarBehind)
                return false
            }
        }
        if let pastEncoder {
            pastEncoder.write(NIOAny(frame), promise: nil)
        } else if let payload = Self.payload(of: frame) {
            channel.write(WebSocketFrame(fin: true, opcode: .text, data: payload), promise: nil)
        }
        if waitsForFlush { return false }
        waitsForFlush = true
        return true
    }

    /// The payload a whole frame carries, as a slice of it (no copy).
    private static func payload(of frame: ByteBuffer) -> ByteBuffer? {
        guard let short = frame.getInteger(at: frame.readerIndex + 1, as: UInt8.self) else { return nil }
        let header = short == 127 ? 10 : short == 126 ? 4 : 2
        return frame.getSlice(at: frame.readerIndex + header, length: frame.readableBytes - header)
    }

    fileprivate func flushOnLoop() {
        waitsForFlush = false
        // From where the frames entered: the handlers behind the encoder hold none of them.
        if let pastEncoder { pastEncoder.flush() } else { channel.flush() }
    }
}

/// Frames waiting for one event loop's sockets. One task on the loop writes them all, then flushes
/// each socket it wrote to once; frames queued while it runs wait for the next task.
final class LiveOutbox: Sendable {
    private struct Queue {
        var frames: [(socket: LiveSocket, payload: ByteBuffer, paced: Bool)] = []
        var scheduled = false
    }

    private let eventLoop: any EventLoop
    private let queue = Mutex(Queue())
    /// One outbox per event loop, for as long as the process runs (a loop is never freed before it).
    private static let outboxes = Mutex<[ObjectIdentifier: LiveOutbox]>([:])

    private init(eventLoop: any EventLoop) { self.eventLoop = eventLoop }

    static func of(_ eventLoop: any EventLoop) -> LiveOutbox {
        outboxes.withLock { outboxes in
            if let found = outboxes[ObjectIdentifier(eventLoop)] { return found }
            let made = LiveOutbox(eventLoop: eventLoop)
            outboxes[ObjectIdentifier(eventLoop)] = made
            return made
        }
    }

    fileprivate func enqueue(_ socket: LiveSocket, _ payload: ByteBuffer, paced: Bool) {
        let schedule = queue.withLock { queue -> Bool in
            queue.frames.append((socket, payload, paced))
            defer { queue.scheduled = true }
            return !queue.scheduled
        }
        if schedule { eventLoop.execute { self.drain() } }
    }

    private func drain() {
        let frames = queue.withLock { queue in
            queue.scheduled = false
            defer { queue.frames = [] }
            return queue.frames
        }
        var written: [LiveSocket] = []
        for frame in frames where frame.socket.writeOnLoop(frame.payload, paced: frame.paced) { written.append(frame.socket) }
        for socket in written { socket.flushOnLoop() }
    }
}

import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// Tells the other servers that this one committed change-log entries, and hears when they did,
/// through a NATS server (`worldlayer serve --live-signal nats://host:port`) instead of PostgreSQL's
/// `LISTEN`/`NOTIFY`. Only the signal travels: every server still reads the one log in the database,
/// so order and visibility are decided where they always were, and a lost signal costs at most one
/// poll interval.
actor NATSCommitSignal {
    static let subject = "worldlayer.commits"
    let host: String
    let port: Int
    private let logger: Logger
    private let status: LiveSignalStatus
    private var outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>? {
        didSet { status.connected = outbound != nil }
    }

    init(host: String, port: Int, logger: Logger, status: LiveSignalStatus) {
        self.host = host
        self.port = port
        self.logger = logger
        self.status = status
    }

    /// Announces a commit of this server (dropped while disconnected: the poll covers that gap).
    func publish() async {
        try? await outbound?.write(ByteBuffer(string: "PUB \(Self.subject) 0\r\n\r\n"))
    }

    /// Calls `onSignal` for every commit another server announces, and once after each (re)connection
    /// for what was announced meanwhile, until cancelled.
    func listen(_ onSignal: @escaping @Sendable () async -> Void) async {
        while !Task.isCancelled {
            do {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                    .connect(host: host, port: port) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                        }
                    }
                try await channel.executeThenClose { inbound, outbound in
                    // No echo: this server's own commits already woke its hub.
                    try await outbound.write(
                        ByteBuffer(
                            string:
                                "CONNECT {\"verbose\":false,\"pedantic\":false,\"echo\":false,\"name\":\"worldlayer\"}\r\nSUB \(Self.subject) 1\r\n"
                        ))
                    self.outbound = outbound
                    defer { self.outbound = nil }
                    await onSignal()
                    var reader = NATSReader()
                    for try await bytes in inbound {
                        for operation in try reader.read(bytes) {
                            switch operation {
                            case .ping: try await outbound.write(ByteBuffer(string: "PONG\r\n"))
                            case .message: await onSignal()
                            case .error(let text): logger.warning("the NATS server answered an error", metadata: ["error": "\(text)"])
                            case .info, .pong, .ok: break
                            }
                        }
                    }
                }
                throw NATSProtocolError("the NATS server closed the connection")
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "live signal lost its NATS connection; retrying", metadata: ["error": "\(error)", "server": "\(host):\(port)"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}

/// Whether the NATS live signal is connected now, for readiness and `/metrics`: nil when the signal
/// is the database's own (`LISTEN`/`NOTIFY`), which readiness already checks through the database.
final class LiveSignalStatus: Sendable {
    private let state = Mutex<Bool?>(nil)

    var connected: Bool? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

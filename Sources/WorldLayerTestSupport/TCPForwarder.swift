import NIOCore
import NIOPosix
import Synchronization

/// A network between a server and what it talks to (its database) that a test can drop: it forwards
/// loopback TCP connections from its own port to another, until `cut()` closes every connection
/// and refuses new ones; `restore()` listens again on the same port.
public final class TCPForwarder: Sendable {
    public let port: Int
    private let upstream: Int
    private let open = Mutex<(listener: (any Channel)?, connections: [ObjectIdentifier: any Channel])>((nil, [:]))

    private init(port: Int, upstream: Int) {
        self.port = port
        self.upstream = upstream
    }

    /// Forwards from a free loopback port to `upstream` on loopback.
    public static func start(to upstream: Int) async throws -> TCPForwarder {
        let forwarder = TCPForwarder(port: try LoopbackSocket.freePort(), upstream: upstream)
        try await forwarder.restore()
        return forwarder
    }

    /// Listens again (on the same port) after a cut.
    public func restore() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [self] inbound in
                ClientBootstrap(group: inbound.eventLoop).connect(host: "127.0.0.1", port: upstream).flatMap { outbound in
                    self.track(inbound)
                    self.track(outbound)
                    return outbound.pipeline.addHandler(Pipe(to: inbound)).flatMap {
                        inbound.pipeline.addHandler(Pipe(to: outbound))
                    }
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        open.withLock { $0.listener = listener }
    }

    /// Drops the network: no new connection is accepted, and every open one is closed.
    public func cut() async {
        let (listener, connections) = open.withLock { state in
            defer { state = (nil, [:]) }
            return (state.listener, Array(state.connections.values))
        }
        try? await listener?.close()
        for connection in connections { try? await connection.close() }
    }

    private func track(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        open.withLock { $0.connections[key] = channel }
        channel.closeFuture.whenComplete { [self] _ in _ = open.withLock { $0.connections.removeValue(forKey: key) } }
    }

    /// Writes what one side reads to the other, and closes the other when one side closes.
    private final class Pipe: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let partner: any Channel

        init(to partner: any Channel) { self.partner = partner }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner.close(promise: nil)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}

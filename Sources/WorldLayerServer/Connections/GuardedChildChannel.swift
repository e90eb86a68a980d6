import HummingbirdCore
import Logging
import NIOCore

/// A server's connections with a ``ConnectionGuard`` first in each pipeline, before the HTTP
/// handlers its base channel adds (and after TLS, when the base is wrapped in it), and a
/// ``MalformedRequestHandler`` after them.
struct GuardedChildChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let connections: OpenConnections
    let firstRequestTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(connections: connections, firstRequestTimeout: firstRequestTimeout))
        }
        .flatMap { base.setup(channel: channel, logger: logger) }
        .flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(MalformedRequestHandler())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

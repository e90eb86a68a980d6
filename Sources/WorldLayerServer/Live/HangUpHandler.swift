import NIOCore
import Synchronization

/// Tells a long poll that its client has gone. The server allows half-closed connections, so a
/// client's close arrives as the end of its input (`inputClosed`), not as the channel closing:
/// `hungUp` completes at either, as Go's server ends a request's context when its reads end.
final class HangUpHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = Any

    /// Made when the handler joins its pipeline, on the channel's event loop, and only read there
    /// (through `ChannelPipeline.handler(type:)`), so no lock guards it.
    private(set) var hungUp: EventLoopPromise<Void>?

    func handlerAdded(context: ChannelHandlerContext) {
        hungUp = context.eventLoop.makePromise()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        hungUp?.succeed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { hungUp?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        hungUp?.succeed()
        context.fireChannelInactive()
    }
}

/// A client's hang-up as a long poll watches it: whether it has come, and a future that completes at it.
struct HangUp: Sendable {
    let future: EventLoopFuture<Void>
    private let flag = HangUpFlag()

    init(_ future: EventLoopFuture<Void>) {
        self.future = future
        future.whenComplete { [flag] _ in flag.value.withLock { $0 = true } }
    }

    var hasHappened: Bool { flag.value.withLock { $0 } }
}

private final class HangUpFlag: Sendable {
    let value = Mutex(false)
}

extension Channel {
    /// The client's hang-up (see ``HangUpHandler``), or the channel's closing on one without it.
    func hangUp() async -> HangUp {
        let seen = try? await pipeline.handler(type: HangUpHandler.self).map { $0.hungUp?.futureResult }.get()
        return HangUp(seen ?? closeFuture)
    }
}

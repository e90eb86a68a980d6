import Foundation
import NIOCore
import Synchronization

/// Tells a long poll that its client has gone. The server allows half-closed connections, so a
/// client's close arrives as the end of its input (`inputClosed`), not as the channel closing;
/// either counts, as Go's server ends a request's context when its reads end.
///
/// One per connection. A poll observes it while it sleeps and forgets it when it wakes, so a
/// connection that serves many polls holds no callback for each of them.
final class HangUpHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = Any

    private struct State {
        var hasHappened = false
        var observers: [UUID: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    var hasHappened: Bool { state.withLock { $0.hasHappened } }

    /// Calls `observer` once at the hang-up, or at once when it has come already.
    func observe(_ id: UUID, _ observer: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if !state.hasHappened { state.observers[id] = observer }
            return state.hasHappened
        }
        if now { observer() }
    }

    func forget(_ id: UUID) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }

    private func happen() {
        let observers = state.withLock { state in
            state.hasHappened = true
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer() }
    }

    func handlerRemoved(context: ChannelHandlerContext) { happen() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { happen() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        happen()
        context.fireChannelInactive()
    }
}

extension Channel {
    /// This connection's ``HangUpHandler``; nil on a channel without one.
    func hangUpHandler() async -> HangUpHandler? {
        try? await pipeline.handler(type: HangUpHandler.self).get()
    }
}

import Foundation
import Logging
import NIOCore
import NIOWebSocket
import ServiceLifecycle
import Synchronization

/// What happens between SIGTERM (or SIGINT) and the process's end, so that a balancer in front and
/// the phones connected lose nothing: readiness answers 503 at once, every live socket is closed
/// with 1001 (the browser reconnects, through the balancer, to another server, and resumes with
/// `since`; one that does not answer the close within two seconds, or ``delay``, is hung up on), the
/// listener stays open for ``delay`` so that a health check sees the 503, and then the HTTP server
/// stops. Whatever a client does (a phone that never answers the close frame), the process ends
/// within ``deadline`` of the signal: systemd would otherwise kill it at 90 s.
///
/// Run beside the application in one service group, after it, so that it is told first:
/// ServiceLifecycle shuts services down in reverse order.
public final class ServerDrain: Service, Sendable {
    public let delay: Duration
    public let deadline: Duration
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var isDraining = false
        var sockets: [ObjectIdentifier: LiveSocket] = [:]
    }

    public init(delay: Duration = .zero, deadline: Duration = .seconds(20), logger: Logger = Logger(label: "worldlayer.drain")) {
        self.delay = delay
        self.deadline = deadline
        self.logger = logger
    }

    /// True from the signal on: readiness answers 503.
    public var isDraining: Bool { state.withLock { $0.isDraining } }

    static let goingAway = "the server is restarting: reconnect"
    /// How long a live client has to answer the close frame before its connection is closed.
    static let closeGrace = Duration.seconds(2)

    /// Follows a live socket so that a drain can close it; one opened while draining is closed at once.
    func track(_ socket: LiveSocket) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isDraining else { return false }
            state.sockets[ObjectIdentifier(socket)] = socket
            return true
        }
        guard !accepted else { return }
        socket.close(.goingAway, Self.goingAway)
        // Upgraded just before the signal, it missed the drain's list: it is hung up on after the same
        // grace, or the HTTP server, which waits for its connections, would wait for the watchdog.
        let channel = socket.channel
        channel.eventLoop.scheduleTask(in: .seconds(Int64(Self.closeGrace.components.seconds))) { channel.close(promise: nil) }
    }

    func untrack(_ socket: LiveSocket) {
        _ = state.withLock { $0.sockets.removeValue(forKey: ObjectIdentifier(socket)) }
    }

    public func run() async throws {
        try? await gracefulShutdown()
        let sockets = state.withLock { state in
            state.isDraining = true
            return Array(state.sockets.values)
        }
        logger.notice(
            "draining: ready answers 503, live sockets closed to reconnect elsewhere",
            metadata: ["sockets": "\(sockets.count)", "delay": "\(delay)", "deadline": "\(deadline)"])
        for socket in sockets { socket.close(.goingAway, Self.goingAway) }
        // A client that has not answered its close frame by then (a phone in a pocket) is hung up on,
        // so that the HTTP server, which waits for its connections, can finish.
        let grace = max(delay, Self.closeGrace)
        Task {
            try? await Task.sleep(for: grace)
            for socket in self.state.withLock({ Array($0.sockets.values) }) { socket.channel.close(promise: nil) }
        }
        let deadline = self.deadline, logger = self.logger
        // A thread of its own: the watchdog must fire even if every task is stuck.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18)
            logger.error("still draining \(deadline) after the signal: exiting with connections open")
            exit(0)
        }
        try? await Task.sleep(for: delay)
    }
}

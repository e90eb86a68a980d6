import Foundation
import Logging
import ServiceLifecycle
import WorldLayerServices
import WorldLayerStore

/// Sends the pushes notifications owe, shortly after they are written. Every server runs one; the
/// store's claims keep two from sending the same push, and a push claimed by a server that stopped
/// is sent by another after the lease.
struct PushService: Service {
    let sender: PushSender
    let store: Store
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                if try await store.notifications.pushesOwed() { try await sender.sendOwed() }
            } catch {
                logger.warning("sending pushes failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await gracefulShutdownSleep(interval)
        }
    }
}

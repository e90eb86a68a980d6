import Foundation
import Logging
import ServiceLifecycle
import WorldLayerStore

/// Wakes the live hub: after each local commit, on each signal that another server
/// committed (a PostgreSQL notification, or a NATS message), and every `pollInterval`
/// as a safety net.
struct LiveService: Service {
    let store: Store
    let hub: LiveHub
    let pollInterval: Duration
    let signal: LiveSignal
    let status: LiveSignalStatus
    let logger: Logger

    func run() async throws {
        let nats: NATSCommitSignal? =
            if case .nats(let host, let port) = signal {
                NATSCommitSignal(host: host, port: port, logger: logger, status: status)
            } else { nil }
        if nats != nil { status.connected = false }
        try await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in store.changes.localCommits {
                        await nats?.publish()
                        await hub.wake()
                    }
                }
                group.addTask {
                    if let nats {
                        await nats.listen { await hub.wake() }
                    } else {
                        await store.changes.listenForCommits { await hub.wake() }
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: pollInterval)
                        await hub.wake()
                    }
                }
            }
        }
    }
}

/// Ends stickers whose timer ran out every `expiryInterval` (a delete event each, so they leave open
/// screens within about that long), and every `interval` purges what retention no longer keeps. Of
/// the servers sharing a database only the holder of the ``MaintenanceLease`` does these; each
/// server still refreshes its own live socket counts and writes its own view counts.
struct MaintenanceService: Service {
    let store: Store
    let hub: LiveHub
    let views: ViewTally
    let policy: RetentionPolicy
    let interval: Duration
    let expiryInterval: Duration
    let library: MediaLibrary
    let sweep: MediaSweep
    let sockets: SocketCounter
    let lease: MaintenanceLease
    let logger: Logger

    func run() async throws {
        // The first sweep an interval after start: walking the library is no start-up work.
        var lastSweep = ContinuousClock.now
        var lastPass = ContinuousClock.now - interval
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let leads = await lease.renew()
            if leads { await endExpired() }
            do { try await sockets.refresh() } catch {
                logger.warning(
                    "refreshing the shared live socket counts failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
            }
            if ContinuousClock.now - lastPass >= interval {
                lastPass = ContinuousClock.now
                if leads { await purge() }
                await hub.closeEndedSessions()
                await flushViews()
            }
            if ContinuousClock.now - lastSweep >= sweep.interval {
                lastSweep = ContinuousClock.now
                if leads { await sweepMedia() }
            }
            try? await gracefulShutdownSleep(min(expiryInterval, interval))
        }
        // Stopping: another server may take over at once, and the counts since the last flush are
        // written before the store closes (services stop in reverse order).
        await lease.release()
        await flushViews()
    }

    private func endExpired() async {
        do {
            let expired = try await store.stickers.endExpired()
            if expired > 0 { logger.info("maintenance", metadata: ["expired": "\(expired)"]) }
        } catch {
            logger.warning("ending expired stickers failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// What retention no longer keeps and sessions that ended.
    private func purge() async {
        do {
            let report = try await store.stickers.runMaintenance(policy: policy)
            if report.expired + report.purged > 0 {
                logger.info("maintenance", metadata: ["expired": "\(report.expired)", "purged": "\(report.purged)"])
            }
        } catch {
            logger.warning("maintenance failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// This server's view counts gathered since the last flush.
    private func flushViews() async {
        do { try await views.flush(into: store.community) } catch {
            logger.warning("writing view counts failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

extension MaintenanceService {
    /// Files of the media library nothing refers to any more: clips of deleted accounts, uploads cut off.
    func sweepMedia() async {
        do {
            let inUse = try await store.mediaInUse()
            // Files age by the wall clock, not the store's.
            let report = try await library.sweep(keeping: inUse, untouchedSince: Date().addingTimeInterval(-sweep.grace))
            if report.files > 0 { logger.info("media sweep", metadata: ["files": "\(report.files)", "bytes": "\(report.bytes)"]) }
        } catch {
            logger.warning("media sweep failed; will retry", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

func gracefulShutdownSleep(_ duration: Duration) async throws {
    try await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
}

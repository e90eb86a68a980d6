import Foundation
import Logging
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// Fans the change log out to this server's live subscribers.
///
/// Every server reads the one log in the database after each wake (a local commit, a
/// PostgreSQL `NOTIFY` from any server, or a periodic check), so a change made through
/// any process reaches every subscriber, in sequence order, filtered by the same
/// visibility rule as every other path.
actor LiveHub {
    struct Subscriber {
        var viewer: Viewer
        var cells: Set<String>
        var send: @Sendable (String) -> Void
        var close: @Sendable () -> Void
    }

    private let store: Store
    private let logger: Logger
    private var subscribers: [UUID: Subscriber] = [:]
    /// The newest sequence number dispatched to subscribers.
    private var cursor: Int64 = -1
    private var reading = false
    private var wakeAgain = false

    init(store: Store, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    var subscriberCount: Int { subscribers.count }

    /// Registers a subscriber for `cells`. With `since`, first replays what it missed
    /// (or tells it to reset when the log no longer reaches back that far); returns the
    /// sequence number it is now current to.
    func subscribe(
        id: UUID, viewer: Viewer, cells: Set<String>, since: Int64?, send: @escaping @Sendable (String) -> Void,
        close: @escaping @Sendable () -> Void
    ) async throws -> Int64 {
        if cursor < 0 { cursor = try await store.lastEventSeq() }
        var subscriber = Subscriber(viewer: viewer, cells: cells, send: send, close: close)
        send(LiveMessage.subscribed(cells: cells.sorted(), seq: cursor).text)
        if let since, since < cursor {
            let first = try await store.firstEventSeq()
            if since < first - 1 {
                send(LiveMessage.reset(seq: cursor).text)
            } else {
                try await replay(to: &subscriber, after: since, upTo: cursor)
            }
        }
        subscribers[id] = subscriber
        return cursor
    }

    func unsubscribe(id: UUID) {
        subscribers[id] = nil
    }

    private func replay(to subscriber: inout Subscriber, after since: Int64, upTo last: Int64) async throws {
        var seq = since
        let raw = subscriber.cells.compactMap(CellID.init)
        while seq < last {
            let events = try await store.events(after: seq, cells: raw, limit: 1000).filter { $0.seq <= last }
            guard let tail = events.last else { break }
            for event in events {
                var frames: [String: String] = [:]
                await deliver(event, to: &subscriber, frames: &frames)
            }
            seq = tail.seq
        }
    }

    /// Reads and dispatches everything new in the log. Overlapping wakes fold into one more pass.
    func wake() async {
        if reading {
            wakeAgain = true
            return
        }
        reading = true
        defer { reading = false }
        repeat {
            wakeAgain = false
            do {
                if cursor < 0 { cursor = try await store.lastEventSeq() }
                while true {
                    let events = try await store.events(after: cursor, limit: 1000)
                    guard let last = events.last else { break }
                    for event in events { await dispatch(event) }
                    cursor = last.seq
                }
            } catch {
                logger.warning("live hub could not read the change log", metadata: ["error": "\(error)"])
            }
        } while wakeAgain
    }

    private func dispatch(_ event: LiveEvent) async {
        var frames: [String: String] = [:]
        for id in Array(subscribers.keys) {
            guard var s = subscribers[id] else { continue }
            await deliver(event, to: &s, frames: &frames)
            if subscribers[id] != nil { subscribers[id] = s }
        }
    }

    /// `frames` holds the encoded message per kind (and for the author, who also sees
    /// whom it is shared with), so an event is encoded once however many subscribe.
    private func deliver(_ event: LiveEvent, to s: inout Subscriber, frames: inout [String: String]) async {
        switch event {
        case .sticker(let change):
            guard change.cells.contains(where: s.cells.contains), let kind = s.viewer.kind(of: change) else { return }
            let key = "\(kind.rawValue)|\(s.viewer.accountID == change.sticker?.author.id)"
            if frames[key] == nil { frames[key] = LiveMessage.change(change, kind: kind, viewer: s.viewer).text }
            s.send(frames[key]!)
        case .relation(let seq, let account):
            guard let me = s.viewer.accountID, me == account || s.viewer.blocked.contains(account) else { return }
            // Relations changed (a block, a membership, a deleted account): reload them.
            guard (try? await store.account(id: me)) != nil, let viewer = try? await store.viewer(me) else {
                s.close()
                return
            }
            s.viewer = viewer
            s.send(LiveMessage.reset(seq: seq).text)
        }
    }
}

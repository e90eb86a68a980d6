import Foundation
import Logging
import NIOCore
import NIOWebSocket
import Tracing
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
    /// A class, so that a delivery reads one reference instead of copying a dozen fields per socket.
    final class Subscriber {
        var viewer: Viewer
        /// The hash of the session the socket signed in with; the socket closes when it ends.
        var session: String?
        var cells: Set<String>
        /// Names followed besides cells (``LiveTopic``), each allowed to this subscriber when it subscribed.
        var topics: Set<LiveTopic> = []
        /// What its feed follows, when it follows ``LiveTopic/feed``.
        var interests: FeedInterests?
        /// The layer it chose, with what the viewer follows; nil for everything it may see.
        var layer: ChosenLayer?
        /// Where its frames go; a payload is shared by every subscriber of one audience (never copied per socket).
        let socket: LiveSocket
        /// Each subscribe makes a new generation; a replay of an older one stops.
        var generation = UUID()
        /// While the missed events are replayed, what the hub dispatches waits here, in order.
        var held: [LiveEvent] = []
        var isReplaying = true

        init(
            viewer: Viewer, session: String?, cells: Set<String>, topics: Set<LiveTopic>, socket: LiveSocket, generation: UUID
        ) {
            self.viewer = viewer
            self.session = session
            self.cells = cells
            self.topics = topics
            self.socket = socket
            self.generation = generation
        }

        /// Queues a frame. A replay is paced by the client's reading (``replay(to:generation:after:upTo:)``
        /// waits for the socket between batches), so only live frames can find a socket too far behind.
        func send(_ frame: ByteBuffer) { socket.send(frame, paced: isReplaying) }

        func close(_ reason: String) { socket.close(.policyViolation, reason) }
    }

    /// What an encoded frame depends on besides the event: one per kind of answer, shared by its sockets.
    private enum FrameKey: Hashable {
        case feed
        case change(ChangeKind, toAuthor: Bool)
        case topic
    }

    /// Events replayed between waits for the client to take them.
    static let replayBatch = 500
    private let store: Store
    private let logger: Logger
    /// Rung after each pass over the log, for HTTP long-polls.
    nonisolated let bell: ChangeBell
    private var subscribers: [UUID: Subscriber] = [:]
    /// Who follows each cell and topic, so that an event visits only those it may concern (at 10,000
    /// subscribers over many cells a change used to visit all of them). Kept by ``register(_:_:)``
    /// and ``remove(_:)``, the only writers of a subscriber's cells and topics.
    private var byCell: [String: Set<UUID>] = [:]
    private var byTopic: [LiveTopic: Set<UUID>] = [:]
    /// The newest sequence number dispatched to subscribers.
    private var cursor: Int64 = -1
    private var reading = false
    private var wakeAgain = false

    init(store: Store, logger: Logger, longPollLimits: LongPollLimits = LongPollLimits()) {
        self.store = store
        self.logger = logger
        self.bell = ChangeBell(limits: longPollLimits)
    }

    var subscriberCount: Int { subscribers.count }

    /// Registers (or re-registers) a subscriber for `cells`, seeing as `account` sees now. With `since`,
    /// first replays what it missed (or tells it to reset when the log no longer reaches back that
    /// far); returns the sequence number it is now current to.
    ///
    /// The subscriber is registered before anything is awaited, so nothing the hub dispatches while
    /// the viewer loads and the replay runs is lost: it is held and sent after the replay, in order.
    func subscribe(
        id: UUID, account: Account.ID?, session: String?, cells: Set<String>, topics: Set<LiveTopic> = [], layer: StickerLayer? = nil,
        since: Int64?,
        socket: LiveSocket
    ) async throws -> Int64 {
        let send = { (frame: ByteBuffer) in socket.send(frame, paced: true) }
        if cursor < 0 {
            let last = try await store.changes.lastEventSeq()
            if cursor < 0 { cursor = last }  // a wake may have read it meanwhile, and moved on
        }
        let start = cursor
        let generation = UUID()
        register(
            id,
            Subscriber(
                viewer: subscribers[id]?.viewer ?? Viewer(accountID: account), session: session, cells: cells, topics: topics,
                socket: socket,
                generation: generation))
        // Relations as they are now: every change after this read comes as a relation event and reloads them.
        guard let viewer = try await currentViewer(account: account, session: session) else {
            remove(id)
            socket.close(.policyViolation, "the session has ended; log in again")
            return start
        }
        subscribers[id]?.viewer = viewer
        if topics.contains(.feed), let account { subscribers[id]?.interests = try await store.community.feedInterests(of: account) }
        if let layer { subscribers[id]?.layer = try await ChosenLayer(layer, viewer: account, community: store.community) }
        // Where the client is current to now: `since` while a replay is to come, so a client dropped
        // during the replay resumes from where it really was; `current` says when the replay is done.
        let replaying = since.map { $0 < start } ?? false
        send(LiveMessage.subscribed(cells: cells.sorted(), seq: replaying ? since! : start).frame)
        if let since, replaying {
            let first = try await store.changes.firstEventSeq()
            if since < first - 1 {
                send(LiveMessage.reset(seq: start).frame)
            } else {
                try await replay(to: id, generation: generation, after: since, upTo: start)
                if subscribers[id]?.generation == generation { send(LiveMessage.current(seq: start).frame) }
            }
        }
        // What arrived meanwhile; more may arrive while one is delivered, so the queue is read to its end.
        var sent = 0
        while let event = subscribers[id]?.held.first, subscribers[id]?.generation == generation {
            subscribers[id]?.held.removeFirst()
            await deliver(event, to: id)
            sent += 1
            if sent % Self.replayBatch == 0 { await socket.drained() }
        }
        if subscribers[id]?.generation == generation { subscribers[id]?.isReplaying = false }
        return start
    }

    /// How many sockets follow something, and how many cells and topics they follow: for `/metrics`.
    func load() -> (subscribers: Int, cells: Int, topics: Int) { (subscribers.count, byCell.count, byTopic.count) }

    func unsubscribe(id: UUID) {
        remove(id)
    }

    /// Puts a subscriber in (in place of one with the same id) and indexes its cells and topics.
    private func register(_ id: UUID, _ subscriber: Subscriber) {
        remove(id)
        subscribers[id] = subscriber
        for cell in subscriber.cells { byCell[cell, default: []].insert(id) }
        for topic in subscriber.topics { byTopic[topic, default: []].insert(id) }
    }

    private func remove(_ id: UUID) {
        guard let old = subscribers.removeValue(forKey: id) else { return }
        for cell in old.cells {
            byCell[cell]?.remove(id)
            if byCell[cell]?.isEmpty == true { byCell[cell] = nil }
        }
        for topic in old.topics {
            byTopic[topic]?.remove(id)
            if byTopic[topic]?.isEmpty == true { byTopic[topic] = nil }
        }
    }

    /// The subscribers an event may concern: those of its cells and of the feed for a sticker change,
    /// those of its topic, everyone for a change of relations (few, and judged one by one).
    private func audience(of event: LiveEvent) -> Set<UUID> {
        switch event {
        case .sticker(let change):
            // Usually one cell's followers and no feed: that set itself, shared, not rebuilt id by id.
            let groups = ([byTopic[.feed]] + change.cells.map { byCell[$0] }).compactMap { $0 }
            guard var ids = groups.first else { return [] }
            for more in groups.dropFirst() { ids.formUnion(more) }
            return ids
        case .topic(_, let topic): return byTopic[topic] ?? []
        case .relation: return Set(subscribers.keys)
        }
    }

    /// The viewer for an account with a live session, or for no account; nil when the session has ended.
    private func currentViewer(account: Account.ID?, session: String?) async throws -> Viewer? {
        guard let account else { return Viewer(accountID: nil) }
        if let session, try await !store.accounts.isSessionLive(tokenHash: session) { return nil }
        guard try await store.accounts.account(id: account) != nil else { return nil }
        return try await store.accounts.viewer(account)
    }

    private func replay(to id: UUID, generation: UUID, after since: Int64, upTo last: Int64) async throws {
        var seq = since
        guard let cells = subscribers[id]?.cells, let topics = subscribers[id]?.topics else { return }
        let raw = cells.compactMap(CellID.init)
        while seq < last, subscribers[id]?.generation == generation {
            let events = try await store.changes.events(after: seq, cells: raw, topics: Array(topics), limit: Self.replayBatch).filter {
                $0.seq <= last
            }
            guard let tail = events.last else { break }
            for event in events where subscribers[id]?.generation == generation { await deliver(event, to: id) }
            seq = tail.seq
            await subscribers[id]?.socket.drained()
        }
    }

    /// Closes the sockets whose sessions have ended (expired, logged out elsewhere); the maintenance timer calls it.
    func closeEndedSessions() async {
        for (id, subscriber) in subscribers {
            guard let session = subscriber.session, (try? await store.accounts.isSessionLive(tokenHash: session)) == false else { continue }
            remove(id)
            subscriber.close("the session has ended; log in again")
        }
    }

    /// How long one read of the change log may take before the pass gives up and the next wake
    /// tries again: one unanswered query must not stop live updates for good (``withDeadline(_:_:)``).
    static let readDeadline: Duration = .seconds(15)

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
            // One span per pass when tracing is on: the change-log reads under it, how much it sent.
            await withSpan("live fan-out", ofKind: .consumer) { span in await pass(span) }
        } while wakeAgain
    }

    private func pass(_ span: any Span) async {
        var touched = TouchedCells()
        var read = 0
        var sent = 0
        do {
            if cursor < 0 {
                let last = try await withDeadline(Self.readDeadline) { [store] in try await store.changes.lastEventSeq() }
                if cursor < 0 { cursor = last }
            }
            while true {
                let events = try await withDeadline(Self.readDeadline) { [store, cursor] in
                    try await store.changes.events(after: cursor, limit: 1000)
                }
                guard let last = events.last else { break }
                for event in events {
                    sent += await dispatch(event)
                    touched.formTouched(by: event)
                }
                read += events.count
                cursor = last.seq
            }
        } catch {
            // A read cut short by the server stopping is no fault to report.
            if !(error is CancellationError) {
                logger.warning("live hub could not read the change log", metadata: ["error": "\(String(reflecting: error))"])
                span.recordError(error)
            }
            touched.everyone = true
        }
        span.attributes["worldlayer.live.events"] = read
        span.attributes["worldlayer.live.deliveries"] = sent
        await bell.ring(cells: touched.everyone ? nil : touched.cells)
    }

    /// Sends `event` to its audience; returns to how many sockets.
    private func dispatch(_ event: LiveEvent) async -> Int {
        var frames: [FrameKey: ByteBuffer] = [:]
        let now = store.clock.now()
        var sent = 0
        for id in audience(of: event) {
            guard let subscriber = subscribers[id] else { continue }
            if subscriber.isReplaying {
                subscriber.held.append(event)
                continue
            }
            await deliver(event, to: subscriber, id: id, now: now, frames: &frames)
            sent += 1
        }
        return sent
    }

    private func deliver(_ event: LiveEvent, to id: UUID) async {
        guard let subscriber = subscribers[id] else { return }
        var frames: [FrameKey: ByteBuffer] = [:]
        await deliver(event, to: subscriber, id: id, now: store.clock.now(), frames: &frames)
    }

    /// `frames` holds the encoded message per kind (and for the author, who also sees
    /// whom it is shared with), so an event is encoded once however many subscribe.
    private func deliver(_ event: LiveEvent, to s: Subscriber, id: UUID, now: Date, frames: inout [FrameKey: ByteBuffer]) async {
        switch event {
        case .sticker(let change):
            if let interests = s.interests, interests.brings(change, to: s.viewer, now: now) {
                s.send(frames.encoded(.feed) { LiveMessage.topic(.feed, seq: change.seq) })
            }
            guard change.cells.contains(where: s.cells.contains), let seen = s.viewer.kind(of: change, now: now),
                let kind = s.layer.map({ $0.kind(seen, of: change.sticker) }) ?? seen
            else { return }
            let key = FrameKey.change(kind, toAuthor: s.viewer.accountID == change.sticker?.author.id)
            s.send(frames.encoded(key) { LiveMessage.change(change, kind: kind, viewer: s.viewer) })
        case .relation(let seq, let account):
            guard let me = s.viewer.accountID, me == account || s.viewer.blocked.contains(account) else { return }
            // Relations changed (a block, a membership, a deleted account, a logout): reload them.
            guard let viewer = try? await currentViewer(account: me, session: s.session) else {
                if subscribers[id]?.generation == s.generation { remove(id) }
                s.close(me == account ? "the session has ended or the account no longer exists" : "the account no longer exists")
                return
            }
            // Only the viewer is written back: a re-subscribe meanwhile keeps its cells and queue.
            subscribers[id]?.viewer = viewer
            // A follow or an unfollow changes what "following" holds.
            if let layer = s.layer?.layer, let chosen = try? await ChosenLayer(layer, viewer: me, community: store.community) {
                subscribers[id]?.layer = chosen
            }
            s.send(LiveMessage.reset(seq: seq).frame)
        case .topic(let seq, let topic):
            guard s.topics.contains(topic) else { return }
            s.send(frames.encoded(.topic) { LiveMessage.topic(topic, seq: seq) })
        }
    }
}

extension Dictionary where Value == ByteBuffer {
    /// The frame under `key`, encoded from `message` the first time it is asked for.
    fileprivate mutating func encoded(_ key: Key, _ message: () -> LiveMessage) -> ByteBuffer {
        if let frame = self[key] { return frame }
        let frame = message().frame
        self[key] = frame
        return frame
    }
}

/// What one pass over the change log touched, for the long polls to wake: the cells of sticker
/// changes, or everyone at a change of who may see what.
private struct TouchedCells {
    var cells: Set<String> = []
    var everyone = false

    mutating func formTouched(by event: LiveEvent) {
        switch event {
        case .sticker(let change): cells.formUnion(change.cells)
        case .relation: everyone = true
        case .topic: break  // followed over the socket only
        }
    }
}

import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `GET /v1/changes?cells=…&since=N`: what changed in these cells since a sequence
/// number, for a client that was away. When the log no longer reaches back that far
/// (or `since` is absent) the answer is the full state instead (`reset: true`).
///
/// With `wait=S` (up to 30 seconds) an answer with nothing in it is held until something is
/// committed in those cells or the time is up: a live subscription over plain HTTP, for clients
/// without WebSockets (URLSession on Linux) and for the one code path WorldLayerClient keeps.
struct ChangesController {
    let accounts: AccountStore
    let changes: ChangeLog
    let clock: WallClock
    let community: CommunityStore
    let nearby: NearbySearch
    let bell: ChangeBell

    static let longestWait = 30

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/changes", use: changes)
    }

    struct Change: Encodable {
        var seq: Int64
        var event: ChangeKind
        var stickerId: String
        var sticker: Sticker?
    }

    struct Answer: Encodable {
        /// True when `stickers` is the whole visible state and the client should drop what it had.
        var reset: Bool
        var stickers: [Sticker]?
        var changes: [Change]?
        /// Ask again (or subscribe) from here.
        var seq: Int64
        /// More changes are waiting: ask again from `seq`.
        var more: Bool

        /// Nothing to tell: what a long-poll holds back until something happens.
        var isEmpty: Bool { !reset && !more && (changes ?? []).isEmpty }
    }

    @Sendable func changes(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = Query(request)
        let cells = try query.cells(maximum: 100)
        let since: Int64? = try query.items["since"].map { text in
            guard let n = Int64(text), n >= 0 else {
                throw APIError.badRequest("'since' must be a sequence number", code: .invalidParameter)
            }
            return n
        }
        let wait = try query.int("wait", in: 0...Self.longestWait, default: 0)
        let layer = try await ChosenLayer(query, viewer: context.account?.id, community: community)
        guard wait > 0 else {
            return try .json(
                try await answer(cells: cells, since: since, viewer: try await accounts.viewer(context.account?.id), layer: layer))
        }
        // A held poll takes a place under its address and its account for as long as it is held.
        let places =
            [("address:\(context.clientAddress)", bell.limits.perAddress)]
            + (context.account.map { [("account:\($0.id.text)", bell.limits.perAccount)] } ?? [])
        try await bell.enter(places)
        do {
            let response = try await hold(cells: cells, since: since, wait: wait, layer: layer, context: context)
            await bell.leave(places)
            return response
        } catch {
            await bell.leave(places)
            throw error
        }
    }

    /// Answers at once when there is something to tell; else waits for a commit in `cells`, the
    /// client hanging up, or the end of `wait` seconds.
    private func hold(cells: [CellID], since: Int64?, wait: Int, layer: ChosenLayer?, context: AppRequestContext) async throws -> Response {
        let deadline = ContinuousClock.now + .seconds(wait)
        let names = Set(cells.map(\.description))
        let hangUp = await context.channel.hangUpHandler()
        while true {
            let mark = await bell.rings
            let answer = try await self.answer(
                cells: cells, since: since, viewer: try await accounts.viewer(context.account?.id), layer: layer)
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard answer.isEmpty, remaining > .zero, !Task.isCancelled, hangUp?.hasHappened != true else { return try .json(answer) }
            await bell.wait(after: mark, cells: names, upTo: remaining, hangUp: hangUp)
        }
    }

    private func answer(cells: [CellID], since: Int64?, viewer: Viewer, layer: ChosenLayer?) async throws -> Answer {
        let last = try await self.changes.lastEventSeq()
        let first = try await self.changes.firstEventSeq()
        /// Everything in the cells now, in the layer.
        func everything() async throws -> Answer {
            let stickers = try await nearby.stickers(inCells: cells, viewer: viewer).filter { layer?.includes($0) ?? true }
            return Answer(reset: true, stickers: stickers, seq: last, more: false)
        }
        guard let since, since >= first - 1, since <= last else { return try await everything() }
        let limit = 1000
        let events = try await self.changes.events(after: since, cells: cells, limit: limit)
        var changes: [Change] = []
        var relationsChanged = false
        for event in events {
            switch event {
            case .sticker(let c):
                if let seen = viewer.kind(of: c, now: clock.now()), let kind = layer.map({ $0.kind(seen, of: c.sticker) }) ?? seen {
                    changes.append(
                        Change(
                            seq: c.seq, event: kind, stickerId: c.stickerID.text,
                            sticker: kind == .deleted ? nil : c.sticker?.seen(by: viewer.accountID)))
                }
            case .relation(_, let account):
                if account == viewer.accountID || viewer.blocked.contains(account) { relationsChanged = true }
            case .topic: continue  // not asked for here
            }
        }
        // Who may see what changed for this person: start over from the full state.
        if relationsChanged { return try await everything() }
        let more = events.count == limit
        return Answer(reset: false, changes: changes, seq: more ? events.last!.seq : max(last, events.last?.seq ?? last), more: more)
    }
}

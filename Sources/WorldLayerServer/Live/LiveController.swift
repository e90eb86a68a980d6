import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// `GET /v1/live`: a WebSocket on which a client subscribes to cells and receives
/// created / updated / deleted events for the stickers it may see, each with its
/// sequence number; `since` resumes after a disconnect without missing anything.
struct LiveController {
    static let maximumCells = 100
    static let maximumTopics = 20
    let accounts: AccountStore
    let guidedTours: GuidedTourStore
    let tours: TourStore
    let hub: LiveHub
    /// Bytes waiting for a slow client beyond its kernel buffer before its socket is closed with 1013
    /// (it resumes with `since`).
    let maximumQueuedBytes: Int
    /// Open sockets per client address (anonymous ones) and per account.
    let sockets: SocketCounter
    /// Closes every socket with 1001 when the server is told to stop.
    let drain: ServerDrain

    func register(_ routes: Routes) {
        routes.router.ws("/v1/live") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            try await serve(inbound: inbound, outbound: outbound, context: context.requestContext)
        }
        routes.table.add(.get, "/v1/live")
    }

    /// Who the socket is signed in as: the upgrade request's token, or a later `authenticate` command's
    /// (an account's session, or a guided tour's participant).
    private struct Identity {
        var account: Account.ID?
        var session: String?
        var participant: TourParticipant?
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: AppRequestContext) async throws {
        var identity = Identity(account: context.account?.id, session: context.tokenHash, participant: context.participant)
        // Counted by account once signed in (from the URL or a later frame), by address until then.
        var key = identity.account.map { "account:\($0)" } ?? "address:\(context.clientAddress)"
        guard await sockets.open(key) else {
            try await outbound.write(.custom(LiveMessage.error("too many live connections; close some and try again").webSocketFrame))
            try await outbound.close(.policyViolation, reason: "too many live connections")
            return
        }
        defer { Task { [key] in await sockets.close(key) } }
        let id = UUID()
        let socket = LiveSocket(channel: context.channel, maximumQueuedBytes: maximumQueuedBytes)
        drain.track(socket)  // when draining already, closed at once (the client reconnects elsewhere)
        defer { drain.untrack(socket) }
        let send: @Sendable (ByteBuffer) -> Void = { socket.send($0, paced: true) }
        let close: @Sendable (String) -> Void = { socket.close(.policyViolation, $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Frames go straight to the channel (LiveSocket); this task only closes it when asked, through
            // the WebSocket's own writer, after the frames queued before.
            group.addTask {
                for await _ in socket.closeRequests { break }
                if let (code, reason) = socket.closeReason { try? await outbound.close(code, reason: reason) }
            }
            defer { socket.finish() }
            for try await message in inbound.messages(maxSize: 64 << 10) {
                if socket.closeReason != nil { break }
                guard case .text(let text) = message, let command = try? WireJSON.decoder.decode(LiveCommand.self, from: Data(text.utf8))
                else {
                    send(LiveMessage.error("send JSON like {\"type\":\"subscribe\",\"cells\":[\"…\"],\"since\":0}").frame)
                    continue
                }
                switch command.kind {
                case .authenticate:
                    // The token in a frame, not in the URL, so it is in no log or history.
                    if let token = command.token, token.hasPrefix(SessionToken.participantPrefix),
                        let participant = try await guidedTours.participant(tokenHash: SessionToken.hash(token))
                    {
                        identity = Identity(participant: participant)
                        send(LiveMessage(type: .authenticated).frame)
                        break
                    }
                    guard let token = command.token, let session = try await signIn(token) else {
                        close("invalid or expired token; log in again")
                        break
                    }
                    let accountKey = "account:\(session.account)"
                    if accountKey != key {
                        guard await sockets.open(accountKey) else {
                            send(LiveMessage.error("too many live connections; close some and try again").frame)
                            close("too many live connections")
                            break
                        }
                        await sockets.close(key)
                        key = accountKey
                    }
                    identity = Identity(account: session.account, session: session.hash)
                    send(LiveMessage(type: .authenticated).frame)
                case .subscribe:
                    let cells = command.cells ?? []
                    guard cells.count <= Self.maximumCells, cells.allSatisfy({ CellID($0) != nil }) else {
                        send(LiveMessage.error("cells must be at most \(Self.maximumCells) cell ids (8 characters each)").frame)
                        continue
                    }
                    let layer = command.layer.map(StickerLayer.init)
                    if let layer, layer == nil {
                        send(LiveMessage.error(StickerLayer.expected).frame)
                        continue
                    }
                    let topics = (command.topics ?? []).map(LiveTopic.init(name:))
                    if let refused = try await firstRefused(topics, identity: identity) {
                        send(LiveMessage.error(refused).frame)
                        continue
                    }
                    _ = try await hub.subscribe(
                        id: id, account: identity.account, session: identity.session, cells: Set(cells), topics: Set(topics),
                        layer: layer ?? nil, since: command.since, socket: socket)
                case nil:
                    send(LiveMessage.error("unknown command '\(command.type)'; use 'authenticate' or 'subscribe'").frame)
                }
            }
            await hub.unsubscribe(id: id)
        }
        await hub.unsubscribe(id: id)
    }

    /// Why one of `topics` may not be followed by this socket, or nil when all may: a tour group's
    /// topic by its tour's guides (and admins) and its own participants only; an inbox by its owner.
    private func firstRefused(_ topics: [LiveTopic], identity: Identity) async throws -> String? {
        guard topics.count <= Self.maximumTopics else { return "topics must be at most \(Self.maximumTopics)" }
        for topic in topics {
            if topic == .feed {
                if identity.account == nil { return "follow 'feed' signed in: it is your own" }
                continue
            }
            if let owner = topic.inboxOwner {
                guard owner == identity.account else { return "follow inbox:<your account id> signed in as yourself" }
                continue
            }
            guard let groupID = topic.tourGroup, let group = try await guidedTours.group(id: groupID) else {
                return "no such topic '\(topic.name)'; follow tour-group:<id> of a group you guide or are in"
            }
            if identity.participant?.groupId == groupID { continue }
            if let account = identity.account, let found = try await accounts.account(id: account) {
                if found.role == .admin { continue }
                if try await tours.isGuide(accountID: account, tourID: group.tourId) { continue }
            }
            return "no such topic '\(topic.name)'; follow tour-group:<id> of a group you guide or are in"
        }
        return nil
    }

    private func signIn(_ token: String) async throws -> (account: Account.ID, hash: String)? {
        let hash = SessionToken.hash(token)
        guard let account = try await accounts.account(sessionTokenHash: hash) else { return nil }
        return (account.id, hash)
    }
}

/// How many live sockets each key (an account, or an anonymous client's address) has open: in
/// memory on the embedded default, in the database when servers share it (`shared`), so that the
/// sockets an address may hold do not grow with the number of servers.
actor SocketCounter {
    let perAddress: Int
    let perAccount: Int
    private let shared: LiveSocketCountStore?
    /// This process among the servers sharing the counts.
    let server = UUID().uuidString
    private var open: [String: Int] = [:]

    init(perAddress: Int = 20, perAccount: Int = 10, shared: LiveSocketCountStore? = nil) {
        self.perAddress = perAddress
        self.perAccount = perAccount
        self.shared = shared
    }

    /// Counts one more socket for `key`; false (and nothing counted) when it already has its limit.
    /// If the shared count cannot be reached, this server's own count decides: a database hiccup
    /// must not refuse every live socket.
    func open(_ key: String) async -> Bool {
        let limit = key.hasPrefix("account:") ? perAccount : perAddress
        if let shared, let allowed = try? await shared.open(key, server: server, limit: limit, now: Date()) {
            if allowed { open[key, default: 0] += 1 }
            return allowed
        }
        guard open[key, default: 0] < limit else { return false }
        open[key, default: 0] += 1
        return true
    }

    func close(_ key: String) async {
        open[key, default: 1] -= 1
        if open[key] == 0 { open[key] = nil }
        try? await shared?.close(key, server: server)
    }

    /// Keeps this server's shared counts alive (maintenance calls it every few seconds).
    func refresh() async throws {
        try await shared?.refresh(server: server, now: Date())
    }
}

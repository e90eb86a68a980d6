import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Issue 45: a screen that follows its cells live and loses its connection at random holds, once it
/// has caught up, exactly what a fresh load shows. Random worlds — stickers placed, edited, deleted,
/// shared, expiring by the server's clock; people blocking and unblocking each other — while each
/// screen (every person's, and an anonymous one) drops its socket at random, discarding what was in
/// flight, and resumes with `since` as the browser's live module does (a `reset` reloads).
@Suite("Live: a resumed client holds what a fresh load shows")
struct LiveResumePropertyTests {
    static let seeds: [UInt64] = [21, 22, 23]
    static let steps = 40

    @Test("random worlds and random drops: what each resumed screen holds equals a fresh load", arguments: ScratchDatabase.engines)
    func resumedEqualsFresh(engine: Store.Engine) async throws {
        let drops = Counter()
        for seed in Self.seeds {
            let clock = ManualClock()
            try await withServer(
                engine,
                configure: {
                    $0.clock = clock.wall; $0.expiryInterval = .milliseconds(50)
                }
            ) { api in
                drops.add(try await Self.play(seed: seed, api: api, clock: clock))
            }
        }
        #expect(drops.value >= 50, "only \(drops.value) dropped connections")
    }

    /// Plays one random world; returns how many connections it dropped.
    static func play(seed: UInt64, api: API, clock: ManualClock) async throws -> Int {
        var random = VisibilityPropertyTests.Random(state: seed)
        let names = (0..<5).map { "r\(seed)x\($0)" }
        var tokens: [String: String] = [:]
        for name in names + ["marker\(seed)"] { tokens[name] = try await api.signUpAndLogIn(name) }
        let cells = try #require(
            try await api.call(
                .get, "/v1/cells/cover?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=60"
            ).json["cells"] as? [String])
        let screens =
            names.map { Screen(name: $0, token: tokens[$0], cells: cells) } + [Screen(name: "anonymous", token: nil, cells: cells)]
        for screen in screens { try await screen.connect(api) }

        var alive: [(id: String, author: String)] = [], expiring: [(id: String, author: String)] = []
        var blocks: Set<[String]> = []
        var drops = 0
        for step in 0..<steps {
            switch random.below(6) {
            case 0, 1:
                let author = random.pick(names)
                let visibility = random.pick(["public", "public", "private", "shared"])
                let sharedWith = visibility == "shared" ? random.subset(names, 0.4).filter { $0 != author } : []
                let expires = random.chance(0.25)
                let id = UUID().text
                let body = Fixtures.sticker(
                    north: Double(random.below(40)), text: "s\(step)", visibility: Visibility(rawValue: visibility)!, sharedWith: sharedWith
                ).with { $0.expiresAt = expires ? clock.now.addingTimeInterval(30) : nil }
                #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: tokens[author]).status == .created)
                #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: tokens[author]).status == .ok)
                if expires { expiring.append((id, author)) } else { alive.append((id, author)) }
            case 2 where !alive.isEmpty:
                let (id, author) = random.pick(alive)
                let version = try #require(try await api.call(.get, "/v1/stickers/\(id)", token: tokens[author]).json["version"] as? Int)
                let visibility = random.pick(["public", "private", "shared"])
                let sharedWith = visibility == "shared" ? random.subset(names, 0.4).filter { $0 != author } : []
                let body = Fixtures.sticker(
                    north: Double(random.below(40)), text: "e\(step)", visibility: Visibility(rawValue: visibility)!, sharedWith: sharedWith
                )
                let edit = try await api.call(.put, "/v1/stickers/\(id)", json: body.edit(version: version), token: tokens[author])
                #expect(edit.status == .ok, "\(edit.text)")
            case 3 where !alive.isEmpty:
                let (id, author) = alive.remove(at: random.below(alive.count))
                #expect(try await api.call(.delete, "/v1/stickers/\(id)", token: tokens[author]).status == .noContent)
            case 4:
                let a = random.pick(names), b = random.pick(names)
                guard a != b else { break }
                let method: HTTPRequest.Method = blocks.contains([a, b]) ? .delete : .put
                #expect(try await api.call(method, "/v1/me/blocks/\(b)", token: tokens[a]).status == .noContent)
                if method == .put { blocks.insert([a, b]) } else { blocks.remove([a, b]) }
            default:
                // Time passes: the timers end, and the server's expiry pass ends those stickers.
                clock.advance(by: 31)
                for (id, author) in expiring { try await Self.waitUntilEnded(id, author: tokens[author], api: api) }
                expiring = []
            }
            for screen in screens {
                try await screen.apply(await screen.client?.drain() ?? [], api: api)
                if screen.client != nil, random.chance(0.25) {
                    await screen.drop()
                    drops += 1
                } else if screen.client == nil, random.chance(0.5) {
                    try await screen.connect(api)
                }
            }
        }

        // Everyone back; a last public sticker that every screen sees marks the end of what it must have.
        for screen in screens where screen.client == nil { try await screen.connect(api) }
        let marker = UUID().text
        #expect(
            try await api.call(.put, "/v1/stickers/\(marker)", json: Fixtures.sticker(text: "the end"), token: tokens["marker\(seed)"])
                .status == .created)
        #expect(try await api.call(.post, "/v1/stickers/\(marker)/place", token: tokens["marker\(seed)"]).status == .ok)
        for screen in screens {
            try await screen.catchUp(to: marker, api: api)
            let fresh = try await Screen.load(api, cells: cells, token: screen.token).held
            #expect(
                screen.held == fresh,
                "seed \(seed), \(screen.name): held but not shown \(screen.held.filter { fresh[$0.key] != $0.value }), shown but not held \(fresh.filter { screen.held[$0.key] != $0.value })"
            )
            await screen.drop()
        }
        return drops
    }

    /// Until the expiry pass has ended the sticker: its author no longer lists it among their living ones.
    static func waitUntilEnded(_ id: String, author: String?, api: API) async throws {
        for _ in 0..<200 {
            let mine = try await api.call(.get, "/v1/me/stickers", token: author).json["stickers"] as? [[String: Any]] ?? []
            if !mine.contains(where: { $0["id"] as? String == id }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the expiry pass did not end \(id)")
    }
}

/// One screen following the cells, as `Web/js/live.js` and a view using it do: it loads, follows from the
/// load's `seq`, keeps the largest `seq` of any frame, resumes from it, and loads again at a `reset`.
private final class Screen: @unchecked Sendable {
    let name: String
    let token: String?
    let cells: [String]
    /// Sticker id → version, as the screen shows them.
    var held: [String: Int] = [:]
    var seq: Int64 = -1
    var client: LiveClient?

    init(name: String, token: String?, cells: [String]) {
        self.name = name
        self.token = token
        self.cells = cells
    }

    static func load(_ api: API, cells: [String], token: String?) async throws -> (held: [String: Int], seq: Int64) {
        let page = try await api.call(.get, "/v1/cells/stickers?cells=\(cells.joined(separator: ","))", token: token).json
        let stickers = page["stickers"] as? [[String: Any]] ?? []
        var held: [String: Int] = [:]
        for s in stickers { if let id = s["id"] as? String { held[id] = s["version"] as? Int } }
        return (held, Int64(page["seq"] as? Int ?? 0))
    }

    /// Opens a socket and follows from where the screen is (after a first load when it has none).
    func connect(_ api: API) async throws {
        if seq < 0 { (held, seq) = try await Self.load(api, cells: cells, token: token) }
        let (client, _) = try await LiveClient.subscribed(port: api.port, to: cells, token: token, since: seq)
        self.client = client
    }

    /// The connection drops: what was on its way is lost.
    func drop() async {
        await client?.close()
        client = nil
    }

    func apply(_ frames: [[String: Any]], api: API) async throws {
        for frame in frames {
            let type = frame["type"] as? String
            if let n = frame["seq"] as? Int { seq = max(seq, Int64(n)) }
            switch type {
            case "event":
                guard let id = frame["stickerId"] as? String else { continue }
                let sticker = frame["sticker"] as? [String: Any]
                // As the server judges it: with a body the screen shows it (an author's own drafts too), without, it goes.
                held[id] = sticker?["version"] as? Int
            case "reset":
                (held, seq) = try await Self.load(api, cells: cells, token: token)
                client?.subscribe(cells, since: seq)
            case "error":
                Issue.record("\(name)'s screen was sent an error: \(frame)")
            default: continue
            }
        }
    }

    /// Reads and applies frames until the event of `marker` has been applied.
    func catchUp(to marker: String, api: API) async throws {
        guard let client else { return }
        while held[marker] == nil {
            try await apply([try await client.next()], api: api)
        }
    }
}

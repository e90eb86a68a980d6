import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// The visibility rule exists twice: in Swift (`Viewer.canSee`) and in SQL (the nearby statements).
/// Random worlds — accounts (some under 18), blocks, follows, groups, private worldmaps, stickers of
/// every audience, some drafts, some deleted, some expired, some age-restricted — are made through the
/// API, and what each viewer is shown (nearby, by cell, in the feed, through the change feed and over
/// a live socket replaying the log) is compared with `canSee` on the same facts, and what tag counts
/// (search and suggestions) count with what anyone may see, on both engines.
@Suite("Visibility: the SQL rule and canSee agree on random worlds")
struct VisibilityPropertyTests {
    /// A small deterministic generator (SplitMix64), so a failing world can be made again from its seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }
        mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
        mutating func subset<T>(_ xs: [T], _ p: Double) -> [T] { xs.filter { _ in chance(p) } }
    }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5]
    static let people = 8, stickersPerWorld = 45

    @Test("thousands of (viewer, sticker) pairs: the API shows exactly what canSee allows", arguments: NearbyPath.all)
    func agree(path: NearbyPath) async throws {
        let pairs = Counter()
        for seed in Self.seeds {
            let clock = ManualClock(step: 0.001)
            try await withServer(path, configure: { $0.clock = clock.wall }) { api in
                pairs.add(try await Self.checkWorld(seed: seed, api: api, clock: clock))
            }
        }
        #expect(pairs.value >= 2_000, "only \(pairs.value) pairs checked")
    }

    /// Makes one random world and checks every viewer against every sticker; returns the pairs checked.
    static func checkWorld(seed: UInt64, api: API, clock: ManualClock) async throws -> Int {
        var random = Random(state: seed)
        let names = (0..<people).map { "p\(seed)x\($0)" }
        var tokens: [String: String] = [:], ids: [String: Account.ID] = [:]
        let minors = Set(random.subset(names, 0.3))
        let marker = "end\(seed)"
        tokens[marker] = try await api.signUpAndLogIn(marker)
        for name in names {
            tokens[name] = try await api.signUpAndLogIn(name, birthday: minors.contains(name) ? Fixtures.birthday(yearsAgo: 16) : nil)
            ids[name] = Account.ID(try #require(try await api.call(.get, "/v1/me", token: tokens[name]).json["id"] as? String))
        }
        // Relations: blocks, open groups with members, private worldmaps with members.
        var blocks: Set<[Account.ID]> = []
        for _ in 0..<4 {
            let a = random.pick(names), b = random.pick(names)
            guard a != b else { continue }
            if try await api.call(.put, "/v1/me/blocks/\(b)", token: tokens[a]).status == .noContent { blocks.insert([ids[a]!, ids[b]!]) }
        }
        var following: [String: Set<String>] = [:]
        for name in names {
            for other in random.subset(names, 0.35) where other != name {
                if try await api.call(.put, "/v1/me/follows/\(other)", token: tokens[name]).status == .ok {
                    following[name, default: []].insert(other)
                }
            }
        }
        var groupMembers: [StickerGroup.ID: Set<String>] = [:]
        for g in 0..<2 {
            let founder = random.pick(names)
            let made = try await api.call(.post, "/v1/groups", json: ["name": "g\(seed)-\(g)", "private": false], token: tokens[founder])
            let group = try #require(StickerGroup.ID(made.json["id"] as? String ?? ""), "\(made.text)")
            var members: Set<String> = [founder]
            for name in random.subset(names, 0.4) where name != founder {
                if try await api.call(.put, "/v1/groups/\(group.text)/members/me", token: tokens[name]).status == .ok {
                    members.insert(name)
                }
            }
            groupMembers[group] = members
        }
        var mapMembers: [Worldmap.ID: Set<String>] = [:]
        for m in 0..<2 {
            let owner = random.pick(names)
            let made = try await api.call(
                .post, "/v1/worldmaps",
                json: ["name": "m\(seed)-\(m)", "latitude": Fixtures.helsinki.latitude, "longitude": Fixtures.helsinki.longitude],
                token: tokens[owner])
            let map = try #require(Worldmap.ID(made.json["id"] as? String ?? ""), "\(made.text)")
            var members: Set<String> = [owner]
            for name in random.subset(names, 0.4) where name != owner {
                if try await api.call(.put, "/v1/worldmaps/\(map.text)/members/\(name)", token: tokens[owner]).status
                    == .noContent
                {
                    members.insert(name)
                }
            }
            mapMembers[map] = members
        }

        // The change feed and the live replay start here: every relation is in place.
        let cell = try #require(
            try await api.call(
                .get, "/v1/cells/cover?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=60"
            )
            .json["cells"] as? [String])
        let mark = try #require(
            try await api.call(.get, "/v1/changes?cells=\(cell.joined(separator: ","))").json["seq"] as? Int)

        // Stickers: every visibility, shares with people and groups, on worldmaps or not, drafts,
        // deleted ones, and ones whose timer ends before the look.
        var audiences: [UUID: StickerAudience] = [:]
        for n in 0..<stickersPerWorld {
            let author = random.pick(names)
            let visibility = random.pick(Visibility.allCases)
            let sharedWith = visibility == .shared ? random.subset(names, 0.3).filter { $0 != author } : []
            let myGroups = groupMembers.filter { $0.value.contains(author) }.map(\.key)
            let sharedGroups = visibility == .shared ? random.subset(myGroups, 0.5) : []
            let myMaps = mapMembers.filter { $0.value.contains(author) }.map(\.key)
            let worldmap = random.chance(0.3) ? myMaps.randomElement(using: &random) : nil
            let expires = random.chance(0.15) ? clock.now.addingTimeInterval(60) : nil
            let ageRestricted = random.chance(0.25)
            let id = UUID()
            let body = Fixtures.sticker(
                north: Double(n), text: "s\(n)", visibility: visibility, sharedWith: sharedWith, worldmapId: worldmap?.text
            ).with {
                if ageRestricted { $0.contentWarnings = [.ageRestricted] }
                if !sharedGroups.isEmpty { $0.sharedWithGroups = sharedGroups.map { $0.text } }
                $0.expiresAt = expires
            }
            let put = try await api.call(.put, "/v1/stickers/\(id.text)", json: body, token: tokens[author])
            guard put.status == .created else { continue }  // a combination the API refuses is not in the world
            var state = StickerState.unpublished
            if random.chance(0.85) {
                #expect(try await api.call(.post, "/v1/stickers/\(id.text)/place", token: tokens[author]).status == .ok)
                state = .published
            }
            if random.chance(0.1) {
                #expect(
                    try await api.call(.delete, "/v1/stickers/\(id.text)", token: tokens[author]).status == .noContent)
                state = .deleted
            }
            audiences[id] = StickerAudience(
                author: ids[author]!, state: state, visibility: visibility, privateWorldmap: worldmap,
                expiresAt: expires, sharedWith: Set(sharedWith.map { ids[$0]! }), sharedGroups: Set(sharedGroups),
                ageRestricted: ageRestricted)
        }
        clock.advance(by: 120)  // the timers have ended

        // Every viewer, anonymous included: nearby (SQL on PostgreSQL: its statement serves boxes a
        // few dozen metres wide, so the circle is kept that small) and by cell.
        var checked = 0
        var viewers: [String: Viewer] = [:]
        for name in names + ["anonymous"] {
            let me = ids[name]
            let viewer = Viewer(
                accountID: me, worldmaps: Set(mapMembers.filter { $0.value.contains(name) }.map(\.key)),
                blocked: Set(blocks.filter { me != nil && $0.contains(me!) }.flatMap { $0 }.filter { $0 != me }),
                groups: Set(groupMembers.filter { $0.value.contains(name) }.map(\.key)), isAdult: me != nil && !minors.contains(name),
                following: Set((following[name] ?? []).map { ids[$0]! }))
            viewers[name] = viewer
            let expected = Set(audiences.filter { viewer.canSee($0.value, now: clock.now) }.map(\.key))
            let nearby = try await api.call(
                .get,
                "/v1/stickers/nearby?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=60&limit=200",
                token: tokens[name])
            let shown = Set(
                (nearby.json["stickers"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
                    .compactMap(UUID.init(uuidString:))
            ).intersection(audiences.keys)
            #expect(
                shown == expected,
                "seed \(seed), \(name): shown but not allowed \(shown.subtracting(expected)), allowed but not shown \(expected.subtracting(shown))"
            )
            let byCell = try await api.call(.get, "/v1/cells/stickers?cells=\(cell.joined(separator: ","))", token: tokens[name])
            let inCells = Set(
                (byCell.json["stickers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.compactMap(UUID.init(uuidString:))
            ).intersection(audiences.keys)
            #expect(
                inCells == expected,
                "seed \(seed), \(name) by cell: extra \(inCells.subtracting(expected)), missing \(expected.subtracting(inCells))")
            checked += audiences.count * 2
            guard let token = tokens[name], let me else { continue }
            // The feed: every sticker carries #Demo and every viewer follows it, so it holds exactly
            // what they may see of others' stickers.
            #expect(try await api.call(.put, "/v1/me/tags/demo", token: token).status == .ok)
            let feed = try await api.call(.get, "/v1/feed?limit=100", token: token)
            let inFeed = Set(
                (feed.json["items"] as? [[String: Any]] ?? []).compactMap { ($0["sticker"] as? [String: Any])?["id"] as? String }
                    .compactMap(UUID.init(uuidString:))
            ).intersection(audiences.keys)
            let othersVisible = expected.filter { audiences[$0]?.author != me }
            #expect(
                inFeed == othersVisible,
                "seed \(seed), \(name) feed: extra \(inFeed.subtracting(othersVisible)), missing \(othersVisible.subtracting(inFeed))")
            // Tag counts (search and suggestions) count only what anyone may see (public, on no
            // private map, not age-restricted, not ended), less what a block hides from me.
            let anyone = Viewer(accountID: nil, worldmaps: [], blocked: [], groups: [], isAdult: false)
            let counted = audiences.values.filter { anyone.canSee($0, now: clock.now) && !viewer.blocked.contains($0.author) }.count
            let search = try await api.call(.get, "/v1/search/tags?q=dem", token: token)
            let demo = (search.json["tags"] as? [[String: Any]])?.first { $0["tag"] as? String == "demo" }
            #expect((demo?["stickers"] as? Int ?? 0) == counted, "seed \(seed), \(name) tag count: \(search.text), expected \(counted)")
            let suggested = try await api.call(.get, "/v1/suggestions", token: token)
            let popular = (suggested.json["tags"] as? [[String: Any]])?.first { $0["tag"] as? String == "demo" }
            #expect(
                (popular?["stickers"] as? Int ?? 0) == counted, "seed \(seed), \(name) suggested: \(suggested.text), expected \(counted)")
            checked += audiences.count * 2
        }

        // The change feed and a live socket, from the mark: a last public sticker ends what they must hold.
        let end = UUID().text
        #expect(
            try await api.call(.put, "/v1/stickers/\(end)", json: Fixtures.sticker(text: "the end"), token: tokens[marker]).status
                == .created)
        #expect(try await api.call(.post, "/v1/stickers/\(end)/place", token: tokens[marker]).status == .ok)
        for name in names + ["anonymous"] {
            let expected = Set(audiences.filter { viewers[name]!.canSee($0.value, now: clock.now) }.map(\.key))
            let changes = try await api.call(.get, "/v1/changes?cells=\(cell.joined(separator: ","))&since=\(mark)", token: tokens[name])
            #expect(changes.json["reset"] as? Bool == false && changes.json["more"] as? Bool == false, "\(changes.text.prefix(300))")
            let fromFeed = Self.held(after: changes.json["changes"] as? [[String: Any]] ?? []).intersection(audiences.keys)
            #expect(
                fromFeed == expected,
                "seed \(seed), \(name) change feed: extra \(fromFeed.subtracting(expected)), missing \(expected.subtracting(fromFeed))")
            let (live, _) = try await LiveClient.subscribed(port: api.port, to: cell, token: tokens[name], since: Int64(mark))
            var frames: [[String: Any]] = []
            while frames.last?["stickerId"] as? String != end {
                let frame = try await live.next()
                #expect(frame["type"] as? String == "event", "seed \(seed), \(name): \(frame)")
                frames.append(frame)
            }
            await live.close()
            let fromLive = Self.held(after: frames).intersection(audiences.keys)
            #expect(
                fromLive == expected,
                "seed \(seed), \(name) live: extra \(fromLive.subtracting(expected)), missing \(expected.subtracting(fromLive))")
            checked += audiences.count * 2
        }
        return checked
    }

    /// The stickers a screen holds after applying `events` in order: those whose last event carries a body.
    static func held(after events: [[String: Any]]) -> Set<UUID> {
        var held: Set<UUID> = []
        for event in events {
            guard let id = (event["stickerId"] as? String).flatMap(UUID.init(uuidString:)) else { continue }
            if event["sticker"] is [String: Any] { held.insert(id) } else { held.remove(id) }
        }
        return held
    }
}

extension VisibilityPropertyTests.Random: RandomNumberGenerator {}

/// A count added to from the server's test closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    var value: Int { lock.withLock { total } }
    func add(_ n: Int) { lock.withLock { total += n } }
}

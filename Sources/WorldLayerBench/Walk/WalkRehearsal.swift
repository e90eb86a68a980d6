import Foundation
import WorldLayerCLI
import WorldLayerClient
import WorldLayerCore

/// A walk rehearsed headless, with the library exactly as an app uses it: the walker's phone keeps
/// its surroundings current (``Surroundings``) and sends every write through its ``Outbox``, while
/// another person changes stickers near the path and the walker's network drops twice.
struct WalkRehearsal: Sendable {
    var path: WalkPath
    var drop: Duration
    var changesPerSecond: Double
    var viewDistance = 100.0
    var seed: UInt64 = 2024
    var progress: @Sendable (Double) -> Void = { _ in }

    func run(on server: URL) async throws -> WalkFigures {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let name = "walker\(UInt32.random(in: 0...UInt32.max))"
        let network = SimulatedNetwork()
        let phone = try await Self.person(name, at: server, network: network)
        let otherPhone = try await Self.person(name, at: server, signUp: false)
        let other = try await Self.person("other\(UInt32.random(in: 0...UInt32.max))", at: server)

        let ledger = WalkLedger(viewDistance: viewDistance)
        let around = Surroundings(world: phone, watching: WatchedCells(viewDistance: viewDistance))
        let outbox = try Outbox(world: phone, file: scratch.appendingPathComponent("outbox.json"))
        let walkerWrites = WalkerWrites(phone: phone, otherPhone: otherPhone, outbox: outbox)
        var person = OtherPerson(world: other, path: path, ledger: ledger, around: around, seed: seed)
        try await person.furnish(perCell: 2)
        try await walkerWrites.beforeTheWalk(at: path.start)

        let tasks = [
            Task { await outbox.run() },
            Task { await walkerWrites.collect() },
            Task { await around.run() },
            Task { for await view in around.updates { await ledger.saw(view, at: .now) } },
        ]
        defer { tasks.forEach { $0.cancel() } }
        await around.move(to: path.start)
        while await around.now?.seq ?? 0 == 0 { try await Task.sleep(for: .milliseconds(50)) }

        let started = ContinuousClock.now
        let drops = Task {
            try await dropTwice(network, started: started, ledger: ledger, writes: walkerWrites, around: around, outbox: outbox)
        }
        let changes = Task { [person] in
            var person = person
            while !Task.isCancelled {
                try await person.act(walked: path.distance(after: started.duration(to: .now)))
                try await Task.sleep(for: .seconds(1 / changesPerSecond))
            }
        }
        defer { changes.cancel() }
        while true {
            let elapsed = started.duration(to: .now)
            let walked = path.distance(after: elapsed)
            let here = path.point(along: walked)
            await around.move(to: here)
            await ledger.walker(at: here, showing: await around.now, now: .now)
            progress(walked / path.metres)
            if walked >= path.metres { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        changes.cancel()
        _ = await changes.result
        try await drops.value

        // Back online for good: everything queued goes out, everything changed arrives.
        try await Self.until(.seconds(60)) { await outbox.pending.isEmpty }
        try? await Self.until(.seconds(15)) { await ledger.unseen == 0 }
        var figures = await ledger.figures
        figures.unseen = await ledger.unseen
        figures.metres = path.metres
        figures.seconds = started.duration(to: .now).inSeconds
        figures.pace = path.pace
        figures.cellsCrossed = path.cells
        figures.drops = [drop.inSeconds, drop.inSeconds]
        return try await walkerWrites.check(figures)
    }

    /// The network drops at 30 % and 65 % of the walk. The walker keeps placing and editing
    /// while offline; in the second drop, answers are lost before the network goes away entirely.
    private func dropTwice(
        _ network: SimulatedNetwork, started: ContinuousClock.Instant, ledger: WalkLedger, writes: WalkerWrites,
        around: Surroundings, outbox: Outbox
    ) async throws {
        let whole = path.duration
        try await ContinuousClock().sleep(until: started.advanced(by: whole * 0.3))
        network.condition = .down
        await ledger.networkWentDown(at: .now)
        try await writes.offline(placing: 2, at: path.point(along: path.distance(after: started.duration(to: .now))))
        try await Task.sleep(for: drop)
        network.condition = .up
        await ledger.networkCameBack(at: .now)
        await outbox.retryNow()
        await around.retryNow()

        try await ContinuousClock().sleep(until: started.advanced(by: whole * 0.65))
        network.condition = .losingAnswers
        await ledger.networkWentDown(at: .now)
        try await writes.offline(placing: 1, at: path.point(along: path.distance(after: started.duration(to: .now))))
        try await Task.sleep(for: drop / 2)
        network.condition = .down
        try await writes.offlineEditWhileTheOtherPhoneEdits()
        try await Task.sleep(for: drop / 2)
        network.condition = .up
        await ledger.networkCameBack(at: .now)
        await outbox.retryNow()
        await around.retryNow()
    }

    /// A client logged in as `username` (signed up first unless `signUp` is false).
    static func person(
        _ username: String, at server: URL, signUp: Bool = true, network: SimulatedNetwork? = nil
    ) async throws -> WorldLayer {
        let world = WorldLayer(server: server, middlewares: network.map { [$0] } ?? [])
        if signUp {
            try await world.accounts.signUp(
                username: username, email: "\(username)@example.org", password: "walk the line", displayName: username,
                birthday: "1990-05-17")
        }
        try await world.accounts.logIn(username, password: "walk the line")
        return world
    }

    /// Waits until `condition` holds, checking every 50 ms; throws after `limit`.
    static func until(_ limit: Duration, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw CommandFailure("gave up waiting after \(limit)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: the offline outbox")
struct OutboxTests {
    static func file() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("wl-outbox-\(UUID().uuidString)/outbox.json")
    }

    @Test(
        "writes made offline survive the app being closed and are applied once, in order, when the network returns",
        arguments: ScratchDatabase.engines)
    func offlineThenOnline(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let network = SimulatedNetwork()
            let ada = try await Fixtures.person("ada", at: server, middlewares: [network])
            let file = Self.file()
            let (first, second) = (WorldLayer.newID(), WorldLayer.newID())
            network.condition = .down
            do {
                let outbox = try Outbox(world: ada, file: file)
                try await outbox.enqueue(.saveSticker(id: first, draft: ClientFixtures.draft("one")))
                try await outbox.enqueue(.placeSticker(id: first, version: nil))
                try await outbox.enqueue(.saveSticker(id: second, draft: ClientFixtures.draft("two")))
                try await outbox.enqueue(.deleteSticker(id: second))
                #expect(await outbox.flush() == false)
                #expect(await outbox.pending.first?.failedAttempts == 1)
            }  // the app is closed

            // Launched again, online, but every answer is lost on the way back: each write reaches
            // the server and is sent again.
            let outbox = try Outbox(world: ada, file: file)
            #expect(await outbox.pending.count == 4)
            network.condition = .losingAnswers
            for _ in 0..<4 { #expect(await outbox.flush() == false) }
            network.condition = .up
            var outcomes = outbox.outcomes.makeAsyncIterator()
            #expect(await outbox.flush())
            #expect(await outbox.pending.isEmpty)
            for _ in 0..<4 {
                guard case .applied = await outcomes.next() else { Issue.record("a write was not applied"); return }
            }
            let mine = try await ada.stickers.mine()
            #expect(mine.map(\.id) == [first])  // the second was created, then deleted
            let one = try #require(mine.first)
            #expect(one.state == .published)
            #expect(one.version == 2)  // created, placed: nothing applied twice
            let gone = await #expect(throws: WorldLayerError.self) { try await ada.stickers.get(id: second) }
            #expect(gone?.refusal?.status == 404)
            #expect(await (try Outbox(world: ada, file: file)).pending.isEmpty)
        }
    }

    @Test(
        "an edit based on a stale version comes back as a conflict with the server's version; nothing is overwritten",
        arguments: ScratchDatabase.engines)
    func conflict(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            let ada = try await Fixtures.person("ada", at: server)
            let id = WorldLayer.newID()
            let original = try await ada.stickers.save(id: id, ClientFixtures.draft("one"))
            var elsewhere = original.draft
            elsewhere.text = "edited on the web"
            try await ada.stickers.save(id: id, elsewhere)

            let outbox = try Outbox(world: ada, file: Self.file())
            var offline = original.draft
            offline.text = "edited offline"
            try await outbox.enqueue(.saveSticker(id: id, draft: offline))
            try await outbox.enqueue(.askQuestion(group: WorldLayer.newID(), id: WorldLayer.newID(), text: "lost?", email: nil))
            #expect(await outbox.flush())
            var outcomes = outbox.outcomes.makeAsyncIterator()
            guard case .conflict(_, let current) = await outcomes.next() else { Issue.record("no conflict"); return }
            #expect(current.text == "edited on the web")
            // A question to a group that does not exist is refused for good, not retried forever.
            guard case .refused(_, let refusal) = await outcomes.next() else { Issue.record("not refused"); return }
            #expect(refusal.status == 404)
            #expect(try await ada.stickers.get(id: id).text == "edited on the web")
        }
    }

    @Test("backoff doubles from the first wait to the limit, each wait between half and all of it")
    func backoff() {
        let backoff = Backoff(first: .milliseconds(500), limit: .seconds(30))
        #expect(backoff.ceiling(after: 0) == .zero)
        let ceilings: [Duration] = (1...8).map { backoff.ceiling(after: $0) }
        let expected: [Duration] = [
            .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30),
        ]
        #expect(ceilings == expected)
        var random = SystemRandomNumberGenerator()
        for failures in 1...10 {
            let wait = backoff.delay(after: failures, using: &random)
            #expect(wait >= backoff.ceiling(after: failures) / 2 && wait <= backoff.ceiling(after: failures))
        }
    }
}

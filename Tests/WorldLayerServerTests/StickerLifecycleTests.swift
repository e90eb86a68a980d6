import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

@Suite("Stickers: lifecycle, idempotent uploads, conflicts")
struct StickerLifecycleTests {
    @Test(
        "unpublished → placed → edited (unpublished) → placed → deleted, and every invalid transition is a 409",
        arguments: ScratchDatabase.engines)
    func lifecycle(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("ada")
            let id = UUID().text
            let created = try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "Héllo 👋"), token: token)
            #expect(created.status == .created)
            #expect(created.json["state"] as? String == "unpublished" && created.json["version"] as? Int == 1)
            #expect(created.json["tags"] as? [String] == ["demo"] && created.json["color"] as? String == "#FF8800")
            #expect(created.json["text"] as? String == "Héllo 👋")

            // A retry after a timeout (same id, same content) is not a second sticker.
            let retried = try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(text: "Héllo 👋"), token: token)
            #expect(retried.status == .ok && retried.json["version"] as? Int == 1)
            let mine = try await api.call(.get, "/v1/me/stickers", token: token)
            #expect((mine.json["stickers"] as? [Any])?.count == 1)

            let placed = try await api.call(.post, "/v1/stickers/\(id)/place", json: ["version": 1], token: token)
            #expect(placed.status == .ok && placed.json["state"] as? String == "published" && placed.json["version"] as? Int == 2)
            // A retried place returns the placed sticker; placing a placed sticker again is a 409.
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", json: ["version": 1], token: token).status == .ok)
            let twice = try await api.call(.post, "/v1/stickers/\(id)/place", json: ["version": 2], token: token)
            #expect(twice.status == .conflict && twice.errorCode == "invalid_transition")

            // An edit from a stale version is refused with the current sticker.
            let stale = try await api.call(
                .put, "/v1/stickers/\(id)", json: (try Fixtures.sticker(text: "edited").jsonObject).merging(["version": 1]) { $1 },
                token: token)
            #expect(stale.status == .conflict && stale.errorCode == "version_conflict")
            #expect(((stale.json["error"] as? [String: Any])?["current"] as? [String: Any])?["version"] as? Int == 2)

            let edited = try await api.call(
                .put, "/v1/stickers/\(id)", json: (try Fixtures.sticker(text: "edited").jsonObject).merging(["version": 2]) { $1 },
                token: token)
            #expect(edited.status == .ok && edited.json["state"] as? String == "unpublished" && edited.json["text"] as? String == "edited")
            // Unpublished again: others no longer see it.
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .notFound)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", json: ["version": 3], token: token).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .ok)

            #expect(try await api.call(.delete, "/v1/stickers/\(id)", token: token).status == .noContent)
            #expect(try await api.call(.delete, "/v1/stickers/\(id)", token: token).status == .noContent)  // a retried delete
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: token).status == .notFound)
            let afterDelete = try await api.call(
                .put, "/v1/stickers/\(id)", json: (try Fixtures.sticker(text: "back").jsonObject).merging(["version": 5]) { $1 },
                token: token)
            #expect(afterDelete.status == .conflict && afterDelete.errorCode == "invalid_transition")
            let placeDeleted = try await api.call(.post, "/v1/stickers/\(id)/place", token: token)
            #expect(placeDeleted.status == .conflict && placeDeleted.errorCode == "invalid_transition")
        }
    }

    @Test("20 concurrent retries of one create, each on its own connection, make exactly one sticker", arguments: ScratchDatabase.engines)
    func concurrentRetries(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("ada")
            let id = UUID().text
            // Own connections, so the server really runs them side by side. On SQLite they then queue for the
            // write lock: under the whole suite's load a write took ~0.35 s, so the last waits for all the others.
            // A 503 (no database connection free within the pool's 10 s, under a loaded suite) says nothing was
            // written and to try again, and a client does: it must then make no second sticker either.
            let statuses = try await api.sideBySide(20) { own, _ in
                var status = HTTPResponse.Status.serviceUnavailable
                for _ in 0..<3 where status == .serviceUnavailable {
                    status = try await own.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: token).status
                }
                return status
            }
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok }, "\(statuses)")
            #expect((try await api.call(.get, "/v1/me/stickers", token: token).json["stickers"] as? [Any])?.count == 1)
        }
    }

    @Test("edits of one version sent side by side: exactly one wins, the others are a 409 carrying it", arguments: ScratchDatabase.engines)
    func concurrentEdits(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("ada")
            let id = UUID().text
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: token).status == .created)
            let answers = try await api.sideBySide(12) { own, n in
                try await own.call(
                    .put, "/v1/stickers/\(id)", json: (try Fixtures.sticker(text: "edit \(n)").jsonObject).merging(["version": 1]) { $1 },
                    token: token)
            }
            let winners = answers.filter { $0.status == .ok }
            #expect(winners.count == 1, "\(answers.map(\.status))")
            #expect(answers.allSatisfy { $0.status == .ok || $0.errorCode == "version_conflict" }, "\(answers.map(\.text))")
            let current = try await api.call(.get, "/v1/stickers/\(id)", token: token)
            #expect(current.json["version"] as? Int == 2 && current.json["text"] as? String == winners.first?.json["text"] as? String)
            // Every loser was told the version that won.
            let losers = answers.filter { $0.status == .conflict }
            #expect(
                losers.allSatisfy { (($0.json["error"] as? [String: Any])?["current"] as? [String: Any])?["version"] as? Int == 2 },
                "\(losers.first?.text ?? "")")
        }
    }

    @Test("bad stickers get a 4xx naming the field and change nothing", arguments: ScratchDatabase.engines)
    func badInput(engine: Store.Engine) async throws {
        try await withServer(engine) { api in
            let token = try await api.signUpAndLogIn("ada")
            let cases: [(Any, String)] = [
                (Fixtures.sticker(text: String(repeating: "x", count: 281)), "text"),
                (Fixtures.sticker().with { $0.orientation = Orientation(x: 0, y: 0, z: 0, w: 2) }, "orientation"),
                (Fixtures.sticker().with { $0.color = "orange" }, "color"),
                (Fixtures.sticker().with { $0.size = 0 }, "size"),
                (
                    Fixtures.sticker().with { $0.anchor = StickerAnchor(latitude: 91, longitude: 0, altitude: 0, accuracy: 1) },
                    "anchor.latitude"
                ),
                (Fixtures.sticker().with { $0.tags = ["no spaces allowed"] }, "tags"),
                (Fixtures.sticker(template: "no-such-template"), "templateId"),
                (Fixtures.sticker(template: "heart"), "text"),  // an image template takes no text
                (Fixtures.sticker(sharedWith: ["nobody"]), "sharedWith"),
                (Fixtures.sticker(visibility: .shared, sharedWith: ["nobody"]), "sharedWith"),
                (Fixtures.sticker().with { $0.expiresAt = WireJSON.parseTime("2001-01-01T00:00:00Z") }, "expiresAt"),
                (Fixtures.sticker().with { $0.pose = [1, 2, 3] }, "pose"),
                ((try Fixtures.sticker().jsonObject).merging(["visibility": "friends"]) { $1 }, "visibility"),
            ]
            for (body, field) in cases {
                let r = try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: body, token: token)
                #expect(r.status == .unprocessableContent, "\(field): \(r.text)")
                #expect(r.errorFields.contains(field), "\(field): \(r.text)")
            }
            #expect(try await api.call(.put, "/v1/stickers/not-a-uuid", json: Fixtures.sticker(), token: token).status == .badRequest)
            #expect(try await api.call(.put, "/v1/stickers/\(UUID().uuidString)", json: Fixtures.sticker()).status == .unauthorized)
            #expect((try await api.call(.get, "/v1/me/stickers", token: token).json["stickers"] as? [Any])?.isEmpty == true)
            // Someone else's id is not theirs to overwrite.
            let id = UUID().uuidString
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: token).status == .created)
            let other = try await api.signUpAndLogIn("bob")
            // Answered as for a missing sticker: whether the id exists is not told.
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: other).errorCode == "not_found")
            #expect(try await api.call(.delete, "/v1/stickers/\(id)", token: other).status == .notFound)
        }
    }

    @Test("a sticker with a self-delete timer vanishes when it expires, and is purged after retention", arguments: ScratchDatabase.engines)
    func expiry(engine: Store.Engine) async throws {
        let url = try await ScratchDatabase.makeURL(engine)
        let clock = ManualClock()
        // The server's own sweeper waits an hour, so that the sweep this test runs is the one that counts.
        try await withServer(
            engine,
            configure: {
                $0.database = url; $0.maintenanceInterval = .seconds(3600); $0.expiryInterval = .seconds(3600); $0.clock = clock.wall
            }
        ) { api in
            let token = try await api.signUpAndLogIn("ada")
            let id = UUID().text
            let made = [id]
            let body = Fixtures.sticker().with { $0.expiresAt = clock.now.addingTimeInterval(60) }
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: body, token: token).status == .created)
            #expect(try await api.call(.post, "/v1/stickers/\(id)/place", token: token).status == .ok)
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .ok)
            clock.advance(by: 61)
            // Gone at once on every path, before any sweeper has run.
            #expect(try await api.call(.get, "/v1/stickers/\(id)").status == .notFound)
            #expect(try await api.call(.get, "/v1/stickers/\(id)", token: token).status == .notFound)
            let near = try await api.call(
                .get, "/v1/stickers/nearby?latitude=\(Fixtures.helsinki.latitude)&longitude=\(Fixtures.helsinki.longitude)&radius=50")
            #expect((near.json["stickers"] as? [Any])?.isEmpty == true)
            // The sweeper archives it; the archive keeps it for moderation until retention ends.
            let store = try Store.open(url, logger: ScratchDatabase.quietLogger, clock: clock.wall)
            let report = try await store.stickers.runMaintenance(policy: RetentionPolicy(archive: 3600))
            #expect(report.expired == made.count && made.last == id)
            #expect(try await store.stickers.archived().map { $0.id.text }.sorted() == made.sorted())
            clock.advance(by: 7200)
            let purge = try await store.stickers.runMaintenance(policy: RetentionPolicy(archive: 3600))
            #expect(purge.purged == made.count)
            #expect(try await store.stickers.archived().isEmpty)
            try await store.close()
            // Gone for good: its id is never written again, not even by its author.
            #expect(try await api.call(.put, "/v1/stickers/\(id)", json: Fixtures.sticker(), token: token).status == .notFound)
        }
    }
}

import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

/// The client library as a tour app and a study-book app use it, against `worldlayer serve` on the demo world.
@Suite("WorldLayerClient on the demo world")
struct ClientDemoWorldTests {
    static let frames = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo/frames").standardized

    @Test(
        "a visitor walks to the demo tour's first stop and is stamped there; a guide's group joins by passkey and asks; a page is recognized",
        arguments: ScratchDatabase.engines)
    func toursAndBooks(engine: Store.Engine) async throws {
        let database =
            switch try await ScratchDatabase.makeURL(engine) {
            case .sqlite(let path): "sqlite:\(path)"
            case .postgres(let url): url
            }
        let (db, media) = try await offThePool { try TourToolTests.demoWorld(database: database) }
        let server = try await RunningServer(database: db, extra: ["--media", media])
        defer { server.stop() }
        let base = try #require(URL(string: server.base))

        // A walker who will walk offline; no fix of theirs may be older than their account.
        let network = SimulatedNetwork()
        let walker = WorldLayer(server: base, middlewares: [network])
        try await walker.accounts.signUp(
            username: "walker", email: "walker@example.org", password: "correct horse", displayName: "W", birthday: "1990-05-17")
        let walkerSince = Date()
        try await walker.accounts.logIn("walker", password: "correct horse")

        // Tours: the next stop with a route to it; standing there past the dwell time stamps it.
        let visitor = try await Fixtures.person("visitor", at: base)
        let tours = try await visitor.tours.list()
        let open = try #require(tours.first { $0.mode == .open })
        let guided = try #require(tours.first { $0.mode == .guided })
        let next = try await visitor.tours.next(tour: try #require(open.id), from: Coordinate(latitude: 60.1690, longitude: 24.9500))
        let stop = try #require(next.stop?.stop)
        let position = try #require(stop.position)
        #expect((next.route?.length ?? 0) > 0)
        let at = Coordinate(latitude: position.latitude, longitude: position.longitude)
        let arrived = try await visitor.tours.report(tour: open.id!, at: at, accuracy: 5)
        #expect(arrived.atStop == stop.id && arrived.stamped == nil)
        try await Task.sleep(for: .seconds(5.5))  // the server's dwell time, on its own clock
        let stayed = try await visitor.tours.report(tour: open.id!, at: at, accuracy: 5)
        #expect(stayed.stamped == stop.id)
        #expect(try await visitor.tours.stamps(tour: open.id!).visited?.map(\.stopId) == [stop.id])

        // Offline at the stop: reports queued with the times of their fixes stamp it once they arrive.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outbox = try Outbox(world: walker, file: scratch)
        network.condition = .down
        // Fixes 6 s apart (past the 5 s dwell) since the account was made, sent once both are past.
        let stayedUntil = walkerSince.addingTimeInterval(6.5)
        if stayedUntil.timeIntervalSinceNow > -0.5 { try await Task.sleep(for: .seconds(stayedUntil.timeIntervalSinceNow + 0.5)) }
        for recorded in [stayedUntil.addingTimeInterval(-6), stayedUntil] {
            try await outbox.enqueue(
                .reportPosition(
                    tour: open.id!, latitude: at.latitude, longitude: at.longitude, accuracy: 5, beacon: nil, recordedAt: recorded))
        }
        #expect(await outbox.flush() == false)
        network.condition = .up
        #expect(await outbox.flush())
        let offlineStamp = try #require(try await walker.tours.stamps(tour: open.id!).visited?.first)
        #expect(offlineStamp.stopId == stop.id)
        #expect(abs((offlineStamp.stampedAt?.timeIntervalSince(stayedUntil) ?? 99)) < 0.01, "the stamp bears the fix's time")

        // A guided group: the guide (an admin) opens it, a participant redeems a passkey and asks.
        let guide = try await Fixtures.person("guide", at: base)
        #expect(try CLI.run(["user", "role", "guide", "admin", "--database", db]).status == 0)
        let (group, passkeys) = try await guide.tours.createGroup(tour: guided.id!, name: "Tuesday", passkeys: 2)
        let participant = WorldLayer(server: base)
        try await participant.tours.redeem(tour: guided.id!, passkey: passkeys[0], displayName: "Pat")
        let questionID = WorldLayer.newID()
        let asked = try await participant.tours.ask(group: group.id!, "Who made the statue?", id: questionID)
        let again = try await participant.tours.ask(group: group.id!, "Who made the statue?", id: questionID)
        #expect(asked.id == again.id)
        // The first guided stop carries a beacon: hearing it places the participant there.
        let byBeacon = try await participant.tours.report(tour: guided.id!, beacon: "F7826DA6-4FA2-4E98-8024-BC5B71E0893E/1/1")
        #expect(byBeacon.atStop != nil)

        // Books: the reference images an ARKit app tracks, and a camera frame recognized.
        let book = try #require(try await visitor.books.list().first)
        let images = try await visitor.books.referenceImages(book: try #require(book.id))
        #expect((images.images?.count ?? 0) > 1 && images.images?.allSatisfy { ($0.physicalWidth ?? 0) > 0 } == true)
        let frame = try Data(contentsOf: Self.frames.appendingPathComponent("astronaut.jpg"))
        let seen = try await visitor.books.recognize(book: book.id!, jpeg: frame)
        #expect(seen.recognized == true && seen.target?.name?.contains("astronaut") == true, "\(seen)")
        let nothing = try await visitor.books.recognize(
            book: book.id!, jpeg: Data(contentsOf: Self.frames.appendingPathComponent("nothing.jpg")))
        #expect(nothing.recognized == false)
    }
}

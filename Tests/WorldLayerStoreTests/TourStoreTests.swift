import Foundation
import Testing
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore
import WorldLayerTestSupport

/// Tours and their guided groups at the store, on both engines: a tour found by id or slug and
/// replaced whole; a passkey redeemed once (its retry aside); a group with unexported questions kept.
@Suite("Tours and guided groups in the store")
struct TourStoreTests {
    static let square = GeoPolygon([
        Coordinate(latitude: 60.16, longitude: 24.93), Coordinate(latitude: 60.16, longitude: 24.95),
        Coordinate(latitude: 60.18, longitude: 24.95), Coordinate(latitude: 60.18, longitude: 24.93),
    ])

    static func tour(slug: String, stops: Int = 2, mode: TourMode = .guided) -> Tour {
        Tour(
            id: Tour.ID(), slug: slug, title: "Walk \(slug)", description: "", language: "en", mode: mode, area: square,
            stops: (0..<stops).map {
                TourStop(
                    id: TourStop.ID(), title: "Stop \($0)", text: "", kind: .info,
                    position: Coordinate(latitude: 60.17 + Double($0) * 0.001, longitude: 24.94))
            })
    }

    @Test("a tour is found by id and slug, replaced whole, and deleted once", arguments: ScratchDatabase.engines)
    func tours(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        var walk = Self.tour(slug: "old-town")
        try await store.tours.save(walk)
        #expect(try await store.tours.tour(idOrSlug: "old-town")?.id == walk.id)
        #expect(try await store.tours.tour(idOrSlug: walk.id.text)?.stops.count == 2)
        walk.stops.removeLast()
        walk.title = "Old town, shorter"
        try await store.tours.save(walk)
        let saved = try #require(try await store.tours.tour(id: walk.id))
        #expect(saved.title == "Old town, shorter" && saved.stops.map(\.id) == walk.stops.map(\.id))
        #expect(try await store.tours.list().map(\.id) == [walk.id])

        let guide = try await ViewerRelationsStoreTests.account("guide", in: store)
        try await store.tours.setGuide(accountID: guide, tourID: walk.id, isGuide: true)
        #expect(try await store.tours.isGuide(accountID: guide, tourID: walk.id))
        #expect(try await store.tours.guides(tourID: walk.id).map(\.id) == [guide])

        #expect(try await store.tours.delete(id: walk.id))
        #expect(try await !store.tours.delete(id: walk.id))
        #expect(try await store.tours.tour(idOrSlug: "old-town") == nil)
        try await store.close()
    }

    @Test(
        "a passkey joins one person (the same client's retry aside), not after the group ends; a passkey twice on a tour is refused",
        arguments: ScratchDatabase.engines)
    func passkeys(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let walk = Self.tour(slug: "campus")
        try await store.tours.save(walk)
        let guide = try await ViewerRelationsStoreTests.account("guide", in: store)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let group = try await store.guidedTours.createGroup(
            tourID: walk.id, guideID: guide, name: "Morning", expiresAt: now.addingTimeInterval(3_600), keys: ["AAAA-1111", "BBBB-2222"],
            now: now)
        #expect(group.passkeys == 2 && group.redeemed == 0)
        await #expect(throws: GuidedTourError.passkeyTaken) {
            try await store.guidedTours.createGroup(
                tourID: walk.id, guideID: guide, name: "Clash", expiresAt: now.addingTimeInterval(3_600), keys: ["AAAA-1111"], now: now)
        }

        let pat = TourParticipant.ID()
        let joined = try await store.guidedTours.redeem(
            tourID: walk.id, key: "AAAA-1111", participantID: pat, displayName: "Pat", tokenHash: "t1", now: now)
        guard case .joined(let participant) = joined else { throw HelperFailure("not joined: \(joined)") }
        #expect(participant.groupId == group.id)
        // The same client again (its answer was lost) holds a new token; anyone else is told the key is used.
        let retried = try await store.guidedTours.redeem(
            tourID: walk.id, key: "AAAA-1111", participantID: pat, displayName: "Pat", tokenHash: "t2", now: now)
        #expect(retried == joined)
        #expect(try await store.guidedTours.participant(tokenHash: "t2", now: now)?.id == pat)
        #expect(try await store.guidedTours.participant(tokenHash: "t1", now: now) == nil)
        let other = try await store.guidedTours.redeem(
            tourID: walk.id, key: "AAAA-1111", participantID: TourParticipant.ID(), displayName: nil, tokenHash: "t3", now: now)
        #expect(other == .used)
        #expect(
            try await store.guidedTours.redeem(
                tourID: walk.id, key: "CCCC-3333", participantID: TourParticipant.ID(), displayName: nil, tokenHash: "t4", now: now)
                == .unknown)
        let late = now.addingTimeInterval(3_601)
        #expect(
            try await store.guidedTours.redeem(
                tourID: walk.id, key: "BBBB-2222", participantID: TourParticipant.ID(), displayName: nil, tokenHash: "t5", now: late)
                == .expired)
        #expect(try await store.guidedTours.participant(tokenHash: "t2", now: late) == nil, "a token ends with its group")
        #expect(try await store.guidedTours.group(id: group.id)?.redeemed == 1)
        try await store.close()
    }

    @Test("a question is answered once; a group keeps its questions until they are exported", arguments: ScratchDatabase.engines)
    func questions(engine: Store.Engine) async throws {
        let store = try await ScratchDatabase.make(engine)
        let walk = Self.tour(slug: "museum")
        try await store.tours.save(walk)
        let guide = try await ViewerRelationsStoreTests.account("guide", in: store)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let group = try await store.guidedTours.createGroup(
            tourID: walk.id, guideID: guide, name: "Noon", expiresAt: now.addingTimeInterval(3_600), keys: ["DDDD-4444"], now: now)
        let pat = TourParticipant.ID()
        _ = try await store.guidedTours.redeem(
            tourID: walk.id, key: "DDDD-4444", participantID: pat, displayName: "Pat", tokenHash: "t", now: now)
        let question = TourQuestion(
            id: TourQuestion.ID(), groupId: group.id, participantId: pat, participantName: "Pat", text: "How old is it?",
            email: "pat@example.org", answer: nil, answeredAt: nil, createdAt: now.addingTimeInterval(60))
        try await store.guidedTours.addQuestion(question)
        await #expect(throws: GuidedTourError.questionIdTaken) { try await store.guidedTours.addQuestion(question) }
        #expect(try await store.guidedTours.answer(questionID: question.id, groupID: group.id, text: "1840", now: now))
        let asked = try await store.guidedTours.questions(groupID: group.id, participantID: pat)
        #expect(asked.map(\.answer) == ["1840"] && asked.first?.email == "pat@example.org")

        #expect(try await store.guidedTours.deleteGroup(id: group.id) == .unexported(1))
        try await store.guidedTours.markExported(groupID: group.id, at: now.addingTimeInterval(120))
        #expect(try await store.guidedTours.deleteGroup(id: group.id) == .deleted)
        #expect(try await store.guidedTours.group(id: group.id) == nil)
        #expect(try await store.guidedTours.questions(groupID: group.id).isEmpty)
        #expect(try await store.guidedTours.deleteGroup(id: group.id) == .notFound)
        try await store.close()
    }
}

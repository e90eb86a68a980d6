import Foundation
import WorldLayerAPI
import WorldLayerGeo

public typealias TourSummary = Components.Schemas.TourSummary
public typealias StampBook = Components.Schemas.StampBook
/// What reporting a position did: the stop I am at, the stop it stamped, whether the tour is complete.
public typealias PositionReport = Operations.TourPosition.Output.Ok.Body.JsonPayload
/// The first stop not stamped yet, with a walking route to it.
public typealias NextStop = Operations.TourNextStop.Output.Ok.Body.JsonPayload
public typealias TourQuestion = Components.Schemas.TourQuestion
public typealias TourGroup = Components.Schemas.TourGroup

/// Walking tours: pick one, walk it (positions and beacons earn stamps), join a guided group, ask.
public struct Tours: Sendable {
    let world: WorldLayer

    /// Every tour, open and guided.
    public func list() async throws(WorldLayerError) -> [TourSummary] {
        try await world.perform {
            switch try await world.api.tours() {
            case .ok(let ok): try ok.body.json.tours ?? []
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Reports where I am on a tour, by a fix or the nearest beacon (`uuid/major/minor`); a stop is
    /// stamped once I have stayed at it for a few seconds. `recordedAt` is when the fix was taken,
    /// for a report sent later (the outbox's ``PendingWrite/reportPosition(tour:latitude:longitude:accuracy:beacon:recordedAt:)``).
    public func report(
        tour: String, at point: Coordinate? = nil, accuracy: Double? = nil, beacon: String? = nil, recordedAt: Date? = nil
    ) async throws(WorldLayerError) -> PositionReport {
        try await world.perform {
            let body = Operations.TourPosition.Input.Body.JsonPayload(
                latitude: point?.latitude, longitude: point?.longitude, accuracy: accuracy, beacon: beacon, recordedAt: recordedAt)
            switch try await world.api.tourPosition(path: .init(tour: tour), body: .json(body)) {
            case .ok(let ok): return try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// My stamp book for a tour.
    public func stamps(tour: String) async throws(WorldLayerError) -> StampBook {
        try await world.perform {
            switch try await world.api.tourStamps(path: .init(tour: tour)) {
            case .ok(let ok): try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// The next stop I have not stamped, with a walking route to it from where I am.
    public func next(tour: String, from point: Coordinate) async throws(WorldLayerError) -> NextStop {
        try await world.perform {
            switch try await world.api.tourNextStop(
                path: .init(tour: tour), query: .init(latitude: point.latitude, longitude: point.longitude))
            {
            case .ok(let ok): return try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Joins a guided tour's group with its passkey; the session becomes the participant's.
    /// `participantId` makes a retry after a lost answer the same participant.
    public func redeem(tour: String, passkey: String, displayName: String? = nil, participantId: String = WorldLayer.newID())
        async throws(WorldLayerError)
    {
        let token = try await world.perform {
            let body = Operations.RedeemPasskey.Input.Body.JsonPayload(
                passkey: passkey, displayName: displayName, participantId: participantId)
            switch try await world.api.redeemPasskey(path: .init(tour: tour), body: .json(body)) {
            case .created(let created): return try created.body.json.token
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
        guard let token else { throw .unexpectedAnswer("a redeemed passkey without a token") }
        do { try world.tokens.save(token) } catch { throw .localStorage(String(describing: error)) }
    }

    /// Opens a guided group on a tour (guides and admins) and returns it with its one-time
    /// passkeys, shown this once: hand one to each participant.
    public func createGroup(tour: String, name: String, passkeys: Int, validForHours: Double? = nil)
        async throws(WorldLayerError) -> (group: TourGroup, passkeys: [String])
    {
        try await world.perform {
            let body = Operations.CreateTourGroup.Input.Body.JsonPayload(name: name, passkeys: passkeys, validForHours: validForHours)
            switch try await world.api.createTourGroup(path: .init(tour: tour), body: .json(body)) {
            case .created(let created):
                let answer = try created.body.json
                guard let group = answer.group else { throw WorldLayerError.unexpectedAnswer("a new group without the group") }
                return (group, answer.passkeys ?? [])
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }

    /// Asks the group's guide a question; `id` makes a retry the same question.
    @discardableResult
    public func ask(group: String, _ text: String, email: String? = nil, id: String = WorldLayer.newID())
        async throws(WorldLayerError) -> TourQuestion
    {
        try await world.perform {
            let body = Operations.AskQuestion.Input.Body.JsonPayload(id: id, text: text, email: email)
            switch try await world.api.askQuestion(path: .init(group: group), body: .json(body)) {
            case .created(let created): return try created.body.json
            case .ok(let retried): return try retried.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }
}

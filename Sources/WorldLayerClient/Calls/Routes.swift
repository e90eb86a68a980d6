import Foundation
import WorldLayerAPI
import WorldLayerGeo

public typealias Route = Components.Schemas.Route

/// Walking routes between points, with steps and AR waypoints.
public struct Routes: Sendable {
    let world: WorldLayer

    public func walk(from: Coordinate, to: Coordinate) async throws(WorldLayerError) -> Route {
        try await world.perform {
            let body = Operations.Route.Input.Body.JsonPayload(from: .point(from), to: .point(to))
            switch try await world.api.route(body: .json(body)) {
            case .ok(let ok): return try ok.body.json
            case let other: throw WorldLayerError.unexpected(other)
            }
        }
    }
}

extension Components.Schemas.RoutePoint {
    /// A point, which the server snaps to the nearest path.
    static func point(_ c: Coordinate) -> Self { Self(value2: .init(latitude: c.latitude, longitude: c.longitude)) }
}

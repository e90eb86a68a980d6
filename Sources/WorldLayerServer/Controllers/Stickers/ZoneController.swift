import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerStore

/// Restricted zones as a person about to place a sticker meets them: whether where they stand is one.
/// Zones are public places (cemeteries, memorials) from OpenStreetMap or an admin, so anyone may ask.
struct ZoneController {
    let zones: ZoneStore

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/zones/at", use: at)
    }

    struct Answer: Encodable {
        struct Zone: Encodable {
            var name: String
            var kind: String
        }
        var restricted: Bool
        var zone: Zone?
    }

    @Sendable func at(_ request: Request, context: AppRequestContext) async throws -> Response {
        let here = try Query(request).coordinate()
        let zone = try await zones.zone(at: here)
        return try .json(Answer(restricted: zone != nil, zone: zone.map { Answer.Zone(name: $0.name, kind: $0.kind) }))
    }
}

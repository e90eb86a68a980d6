import Foundation
import Hummingbird

/// What the browser client needs to know about this server before it draws anything.
struct ClientConfigController {
    let tileURL: String

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/client-config", use: get)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Encodable {
            /// Leaflet's `{z}/{x}/{y}` template, or nil when the map draws only WorldLayer's own data.
            var tileURL: String?
            var tileAttribution: String
        }
        let tiles = tileURL == "none" || tileURL.isEmpty ? nil : tileURL
        return try .json(
            Body(tileURL: tiles, tileAttribution: "© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors"))
    }
}

import Foundation
import Hummingbird

/// What the browser client needs to know about this server before it draws anything.
struct ClientConfigController {
    let tileURL: String
    var satelliteTileURL: String?
    var satelliteAttribution: String?

    func register(_ routes: Routes) {
        routes.on(.get, "/v1/client-config", use: get)
    }

    @Sendable func get(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Body: Encodable {
            /// Leaflet's `{z}/{x}/{y}` template, or nil when the map draws only WorldLayer's own data.
            var tileURL: String?
            var tileAttribution: String
            /// Imagery tiles for the satellite style; absent when the server has none.
            var satelliteTileURL: String?
            var satelliteAttribution: String?
        }
        let tiles = tileURL == "none" || tileURL.isEmpty ? nil : tileURL
        let imagery = satelliteTileURL.flatMap { $0 == "none" || $0.isEmpty ? nil : $0 }
        return try .json(
            Body(
                tileURL: tiles, tileAttribution: "© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors",
                satelliteTileURL: imagery, satelliteAttribution: imagery == nil ? nil : satelliteAttribution ?? "Imagery"))
    }
}

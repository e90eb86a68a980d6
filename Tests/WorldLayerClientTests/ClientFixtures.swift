import Foundation
import OpenAPIRuntime
import WorldLayerClient
import WorldLayerGeo
import WorldLayerTestSupport

/// People and stickers for the client's tests, made through the client itself.
enum ClientFixtures {
    /// Central Helsinki.
    static let centre = Coordinate(latitude: 60.1699, longitude: 24.9384)

    /// A point `north` and `east` metres from the centre.
    static func point(north: Double = 0, east: Double = 0) -> Coordinate {
        let up = Geodesic.wgs84.direct(from: centre, azimuth: 0, distance: north).coordinate
        return Geodesic.wgs84.direct(from: up, azimuth: 90, distance: east).coordinate
    }

    static func draft(_ text: String = "hello", at point: Coordinate = centre, visibility: StickerDraft.VisibilityPayload = ._public)
        -> StickerDraft
    {
        StickerDraft(
            templateId: "sticky-note", text: text, tags: ["#Demo"], color: "#ff8800", size: 0.4, orientation: [0, 0, 0, 1],
            anchor: .init(latitude: point.latitude, longitude: point.longitude, altitude: 20, accuracy: 3), visibility: visibility,
            sharedWith: [])
    }
}

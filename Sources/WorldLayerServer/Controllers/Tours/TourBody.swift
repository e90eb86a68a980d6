import Foundation
import HTTPTypes
import WorldLayerCore
import WorldLayerGeo
import WorldLayerStore

/// A tour as an admin sends it: media named by the ids `/v1/media` returned; the server fills in
/// their types and sizes from what it stored, so a tour never claims a file is what it is not.
struct TourBody: Decodable {
    struct MediaInput: Decodable {
        var id: String
        var name: String?
    }

    struct StopBody: Decodable {
        var id: TourStop.ID
        var title: String
        var text: String?
        var kind: StopKind
        var position: Coordinate?
        var beacon: StopBeacon?
        var radius: Double?
        var media: [MediaInput]?
        var date: String?
        var source: String?
        var viewpoint: PhotoViewpoint?
        var facing: Double?
        var sign: MediaInput?
        var ambient: MediaInput?
    }

    var slug: String
    var title: String
    var description: String?
    var language: String
    var mode: TourMode
    var cover: MediaInput?
    var area: GeoPolygon
    var stops: [StopBody]
    var translations: [String: TranslationBody]?

    struct TranslationBody: Decodable {
        struct Stop: Decodable {
            var id: TourStop.ID
            var title: String?
            var text: String?
            var narration: MediaInput?
        }

        var title: String?
        var description: String?
        var stops: [Stop]?
    }

    /// The tour, or every field at fault (unknown media among them).
    func tour(id: Tour.ID, tours: TourStore) async throws -> Tour {
        var problems: [FieldError] = []
        func resolve(_ input: MediaInput, _ field: String) async throws -> MediaRef? {
            guard let found = try await tours.media(id: input.id.lowercased()) else {
                problems.append(FieldError(field, "no such media file; upload it to /v1/media first"))
                return nil
            }
            let id = input.id.lowercased()
            return MediaRef(
                id: id, contentType: found.contentType, size: found.size,
                name: input.name ?? "media/\(id.prefix(12)).\(MediaSniffer.fileExtension(found.contentType))")
        }
        var stops: [TourStop] = []
        for (i, s) in self.stops.enumerated() {
            var media: [MediaRef] = []
            for (j, m) in (s.media ?? []).enumerated() {
                if let ref = try await resolve(m, "stops[\(i)].media[\(j)]") { media.append(ref) }
            }
            let sign = try await s.sign.asyncMap { try await resolve($0, "stops[\(i)].sign") } ?? nil
            let ambient = try await s.ambient.asyncMap { try await resolve($0, "stops[\(i)].ambient") } ?? nil
            stops.append(
                TourStop(
                    id: s.id, title: s.title, text: s.text ?? "", kind: s.kind, position: s.position, beacon: s.beacon,
                    radius: s.radius ?? 25,
                    media: media, date: s.date, source: s.source, viewpoint: s.viewpoint, facing: s.facing, sign: sign, ambient: ambient))
        }
        let cover = try await self.cover.asyncMap { try await resolve($0, "cover") } ?? nil
        var translations: [String: TourTranslation] = [:]
        for (language, t) in (self.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
            var translated: [StopTranslation] = []
            for (j, s) in (t.stops ?? []).enumerated() {
                let narration =
                    try await s.narration.asyncMap { try await resolve($0, "translations.\(language).stops[\(j)].narration") } ?? nil
                translated.append(StopTranslation(id: s.id, title: s.title, text: s.text, narration: narration))
            }
            translations[language] = TourTranslation(title: t.title, description: t.description, stops: translated)
        }
        let tour = Tour(
            id: id, slug: slug, title: title, description: description ?? "", language: language, mode: mode, cover: cover, area: area,
            stops: stops, translations: translations)
        // An unknown file is already named; "a stop needs a file" would only repeat it.
        let unknownMedia = !problems.isEmpty
        problems += tour.problems().filter { !(unknownMedia && $0.field.hasSuffix(".media")) }
        guard problems.isEmpty else { throw APIError.validation(problems) }
        return tour
    }
}

/// What the tour list shows of each tour; enough to pick one, even a guided one without a passkey.
struct TourSummary: Encodable {
    var id: String
    var slug: String
    var title: String
    var description: String
    var language: String
    var mode: TourMode
    var cover: MediaRef?
    var area: GeoPolygon
    var stopCount: Int
    /// The title and description in other languages, for a list in the visitor's language.
    var translations: [String: TourTranslation]?
    var updatedAt: Date

    init(_ t: Tour) {
        id = t.id.text
        slug = t.slug
        title = t.title
        description = t.description
        language = t.language
        mode = t.mode
        cover = t.cover
        area = t.area
        stopCount = t.stops.count
        translations = t.translations?.mapValues { TourTranslation(title: $0.title, description: $0.description) }
        updatedAt = t.updatedAt
    }
}

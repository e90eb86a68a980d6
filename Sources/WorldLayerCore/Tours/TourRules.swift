import Foundation
import WorldLayerGeo

extension Tour: Validatable {
    public static let maximumStops = 200

    /// Everything wrong with the tour, by field path (`stops[2].radius`); empty when it may be saved.
    public func problems() -> [FieldError] {
        var p = CatalogueRules.problems(slug: slug, title: title, description: description, language: language)
        if let cover, cover.kind != .image { p.append(FieldError("cover", "must be a PNG or JPEG image")) }
        if !area.isValid { p.append(FieldError("area", "must be a polygon of at least 3 distinct points on Earth")) }
        if stops.isEmpty || stops.count > Self.maximumStops { p.append(FieldError("stops", "must hold 1 to \(Self.maximumStops) stops")) }
        var ids = Set<TourStop.ID>(), beacons = Set<String>()
        for (i, stop) in stops.enumerated() {
            let at = "stops[\(i)]"
            if !ids.insert(stop.id).inserted { p.append(FieldError("\(at).id", "repeats the id of an earlier stop")) }
            if let b = stop.beacon, !beacons.insert(b.key).inserted {
                p.append(FieldError("\(at).beacon", "marks an earlier stop already"))
            }
            p += stop.problems(at: at, area: area.isValid ? area : nil)
        }
        return p + translationProblems()
    }
}

extension TourStop {
    func problems(at path: String, area: GeoPolygon?) -> [FieldError] {
        var p: [FieldError] = []
        if title.trimmingCharacters(in: .whitespaces).isEmpty || title.count > 200 {
            p.append(FieldError("\(path).title", "must be 1–200 characters"))
        }
        if text.count > 20_000 { p.append(FieldError("\(path).text", "must be at most 20,000 characters")) }
        if position == nil && beacon == nil { p.append(FieldError(path, "needs a position, a beacon, or both")) }
        if let c = position {
            if !(c.isOnEarth) {
                p.append(FieldError("\(path).position", "must be a position on Earth"))
            } else if let area, !area.contains(c) {
                p.append(FieldError("\(path).position", "lies outside the tour's area"))
            }
        }
        if let b = beacon {
            if UUID(uuidString: b.uuid) == nil { p.append(FieldError("\(path).beacon.uuid", "must be a UUID")) }
            if !(0...65_535).contains(b.major) { p.append(FieldError("\(path).beacon.major", "must be 0–65535")) }
            if !(0...65_535).contains(b.minor) { p.append(FieldError("\(path).beacon.minor", "must be 0–65535")) }
            if !(b.txPower.isFinite && (-120...0).contains(b.txPower)) {
                p.append(FieldError("\(path).beacon.txPower", "must be dBm from −120 to 0"))
            }
        }
        if !(radius.isFinite && (3...500).contains(radius)) { p.append(FieldError("\(path).radius", "must be 3 to 500 metres")) }
        for (j, m) in media.enumerated() where m.kind == nil {
            p.append(FieldError("\(path).media[\(j)]", "is \(m.contentType), which a tour cannot carry"))
        }
        if let needed = kind.requiredMedia, !media.contains(where: { $0.kind == needed }) {
            p.append(FieldError("\(path).media", "a \(kind.rawValue) stop needs \(needed == .image ? "an" : "a") \(needed.rawValue) file"))
        }
        if (date?.count ?? 0) > 100 { p.append(FieldError("\(path).date", "must be at most 100 characters")) }
        if (source?.count ?? 0) > 1_000 { p.append(FieldError("\(path).source", "must be at most 1,000 characters")) }
        if let v = viewpoint {
            if kind != .photo || position == nil {
                p.append(FieldError("\(path).viewpoint", "belongs to a photo stop with a position"))
            }
            if !(v.heading.isFinite && (0..<360).contains(v.heading)) {
                p.append(FieldError("\(path).viewpoint.heading", "must be 0 to 360 degrees clockwise from north"))
            }
            if let d = v.distance, !(d.isFinite && (1...500).contains(d)) {
                p.append(FieldError("\(path).viewpoint.distance", "must be 1 to 500 metres"))
            }
        }
        if let sign, sign.kind != .image {
            p.append(FieldError("\(path).sign", "must be a picture (JPEG or PNG), not \(sign.contentType)"))
        }
        if let ambient {
            if ambient.kind != .audio { p.append(FieldError("\(path).ambient", "must be a sound, not \(ambient.contentType)")) }
            if position == nil { p.append(FieldError("\(path).ambient", "needs the stop's position: it is heard from there")) }
        }
        if let facing {
            if kind != .model { p.append(FieldError("\(path).facing", "belongs to a model stop")) }
            if !(facing.isFinite && (0..<360).contains(facing)) {
                p.append(FieldError("\(path).facing", "must be 0 to 360 degrees clockwise from north"))
            }
        }
        return p
    }
}

import Foundation
import WorldLayerCore
import WorldLayerGeo
import Yams

/// `tour.yaml`, the heart of a tour bundle (format in docs/tour-bundle.md). Written in one fixed
/// layout — keys in a set order, every string double-quoted, numbers in Swift's shortest exact form —
/// so exporting what was imported gives back the same bytes.
enum TourYAML {
    static let fileName = "tour.yaml"
    static let format = "worldlayer-tour/1"

    // MARK: Writing

    static func render(_ tour: Tour) -> String {
        var out = "# A WorldLayer tour bundle: this file and the media it names, relative to it.\n"
        out += "format: \(format)\n"
        out += "id: \(tour.id.text)\n"
        out += "slug: \(BundleYAML.quoted(tour.slug))\n"
        out += "title: \(BundleYAML.quoted(tour.title))\n"
        out += "description: \(BundleYAML.quoted(tour.description))\n"
        out += "language: \(BundleYAML.quoted(tour.language))\n"
        out += "mode: \(tour.mode.rawValue)\n"
        if let cover = tour.cover { out += "cover: \(BundleYAML.quoted(cover.name))\n" }
        out += "area:  # latitude, longitude\n"
        for c in tour.area.ring { out += "  - \(point(c))\n" }
        out += "stops:\n"
        for s in tour.stops {
            out += "  - id: \(s.id.text)\n"
            out += "    title: \(BundleYAML.quoted(s.title))\n"
            out += "    kind: \(s.kind.rawValue)\n"
            out += "    text: \(BundleYAML.quoted(s.text))\n"
            if let c = s.position { out += "    position: \(point(c))\n" }
            if let v = s.viewpoint {
                out += "    viewpoint: {heading: \(v.heading)" + (v.distance.map { ", distance: \($0)" } ?? "") + "}\n"
            }
            if let f = s.facing { out += "    facing: \(f)\n" }
            if let b = s.beacon { out += "    beacon: {uuid: \(b.uuid), major: \(b.major), minor: \(b.minor), txPower: \(b.txPower)}\n" }
            out += "    radius: \(s.radius)\n"
            if let d = s.date { out += "    date: \(BundleYAML.quoted(d))\n" }
            if let src = s.source { out += "    source: \(BundleYAML.quoted(src))\n" }
            if let sign = s.sign { out += "    sign: \(BundleYAML.quoted(sign.name))\n" }
            if let ambient = s.ambient { out += "    ambient: \(BundleYAML.quoted(ambient.name))\n" }
            if !s.media.isEmpty {
                out += "    media:\n"
                for m in s.media { out += "      - \(BundleYAML.quoted(m.name))\n" }
            }
        }
        return out + TourTranslationYAML.render(tour.translations, stops: tour.stops)
    }

    private static func point(_ c: Coordinate) -> String { "[\(c.latitude), \(c.longitude)]" }

    // MARK: Reading

    static func parse(_ text: String) throws(BundleProblem) -> ParsedBundle<Tour> {
        let root = try BundleYAML.root(text, file: fileName)
        var r = BundleReader(file: fileName)
        do {
            let top = try r.mapping(
                root, "", required: ["format", "id", "slug", "title", "language", "mode", "area", "stops"],
                optional: ["description", "cover", "translations"])
            let format = try r.string(top["format"]!, "format")
            guard format == Self.format else {
                throw r.fail(top["format"], "format", "must be \(Self.format) (this WorldLayer reads no other)")
            }
            let cover = try top["cover"].map { MediaRef(id: "", contentType: "", size: 0, name: try r.mediaPath($0, "cover")) }
            guard let areaNodes = top["area"]!.sequence else {
                throw r.fail(top["area"], "area", "must be a list of [latitude, longitude] points")
            }
            let area = try areaNodes.enumerated().map { i, n in try r.coordinate(n, "area[\(i)]") }
            guard let stopNodes = top["stops"]!.sequence else { throw r.fail(top["stops"], "stops", "must be a list of stops") }
            let stops = try stopNodes.enumerated().map { i, n in try r.stop(n, "stops[\(i)]") }
            guard let mode = TourMode(rawValue: try r.string(top["mode"]!, "mode")) else {
                throw r.fail(top["mode"], "mode", "must be open or guided")
            }
            let tour = Tour(
                id: Tour.ID(try r.uuid(top["id"]!, "id")), slug: try r.string(top["slug"]!, "slug"),
                title: try r.string(top["title"]!, "title"),
                description: try top["description"].map { try r.string($0, "description") } ?? "",
                language: try r.string(top["language"]!, "language"),
                mode: mode, cover: cover, area: GeoPolygon(area), stops: stops,
                translations: try top["translations"].map { try r.translations($0) })
            return ParsedBundle(value: tour, file: fileName, lines: r.lines)
        } catch let p as BundleProblem {
            throw p
        } catch {
            throw BundleProblem(file: fileName, message: "\(error)")
        }
    }
}

extension BundleReader {
    mutating func stop(_ node: Node, _ path: String) throws -> TourStop {
        let s = try mapping(
            node, path, required: ["id", "title", "kind"],
            optional: ["text", "position", "viewpoint", "facing", "beacon", "radius", "date", "source", "sign", "ambient", "media"])
        guard let kind = StopKind(rawValue: try string(s["kind"]!, "\(path).kind")) else {
            throw fail(s["kind"], "\(path).kind", "must be one of \(StopKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var beacon: StopBeacon?
        if let b = s["beacon"] {
            let f = try mapping(b, "\(path).beacon", required: ["uuid", "major", "minor"], optional: ["txPower"])
            beacon = StopBeacon(
                uuid: try string(f["uuid"]!, "\(path).beacon.uuid"), major: try int(f["major"]!, "\(path).beacon.major"),
                minor: try int(f["minor"]!, "\(path).beacon.minor"),
                txPower: try f["txPower"].map { try double($0, "\(path).beacon.txPower") } ?? -59)
        }
        var viewpoint: PhotoViewpoint?
        if let v = s["viewpoint"] {
            let f = try mapping(v, "\(path).viewpoint", required: ["heading"], optional: ["distance"])
            viewpoint = PhotoViewpoint(
                heading: try double(f["heading"]!, "\(path).viewpoint.heading"),
                distance: try f["distance"].map { try double($0, "\(path).viewpoint.distance") })
        }
        var media: [MediaRef] = []
        if let list = s["media"] {
            guard let items = list.sequence else { throw fail(list, "\(path).media", "must be a list of file paths") }
            for (j, item) in items.enumerated() {
                note(item, "\(path).media[\(j)]")
                media.append(MediaRef(id: "", contentType: "", size: 0, name: try mediaPath(item, "\(path).media[\(j)]")))
            }
        }
        return TourStop(
            id: TourStop.ID(try uuid(s["id"]!, "\(path).id")), title: try string(s["title"]!, "\(path).title"),
            text: try s["text"].map { try string($0, "\(path).text") } ?? "", kind: kind,
            position: try s["position"].map { try coordinate($0, "\(path).position") }, beacon: beacon,
            radius: try s["radius"].map { try double($0, "\(path).radius") } ?? 25, media: media,
            date: try s["date"].map { try string($0, "\(path).date") }, source: try s["source"].map { try string($0, "\(path).source") },
            viewpoint: viewpoint, facing: try s["facing"].map { try double($0, "\(path).facing") },
            sign: try s["sign"].map { MediaRef(id: "", contentType: "", size: 0, name: try mediaPath($0, "\(path).sign")) },
            ambient: try s["ambient"].map { MediaRef(id: "", contentType: "", size: 0, name: try mediaPath($0, "\(path).ambient")) })
    }
}

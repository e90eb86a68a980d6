import Foundation
import WorldLayerCore
import WorldLayerGeo
import Yams

/// Something wrong in a bundle, with the line of `tour.yaml` and the field at fault when there is one.
struct BundleProblem: Error, CustomStringConvertible, Equatable {
    var line: Int?
    var field: String?
    var message: String

    var description: String {
        "\(TourYAML.fileName)\(line.map { " line \($0)" } ?? ""): \(field.map { "\($0): " } ?? "")\(message)"
    }
}

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
        out += "id: \(tour.id.uuidString.lowercased())\n"
        out += "slug: \(quoted(tour.slug))\n"
        out += "title: \(quoted(tour.title))\n"
        out += "description: \(quoted(tour.description))\n"
        out += "language: \(quoted(tour.language))\n"
        out += "mode: \(tour.mode.rawValue)\n"
        if let cover = tour.cover { out += "cover: \(quoted(cover.name))\n" }
        out += "area:  # latitude, longitude\n"
        for c in tour.area.ring { out += "  - \(point(c))\n" }
        out += "stops:\n"
        for s in tour.stops {
            out += "  - id: \(s.id.uuidString.lowercased())\n"
            out += "    title: \(quoted(s.title))\n"
            out += "    kind: \(s.kind.rawValue)\n"
            out += "    text: \(quoted(s.text))\n"
            if let c = s.position { out += "    position: \(point(c))\n" }
            if let b = s.beacon { out += "    beacon: {uuid: \(b.uuid), major: \(b.major), minor: \(b.minor), txPower: \(b.txPower)}\n" }
            out += "    radius: \(s.radius)\n"
            if let d = s.date { out += "    date: \(quoted(d))\n" }
            if let src = s.source { out += "    source: \(quoted(src))\n" }
            if !s.media.isEmpty {
                out += "    media:\n"
                for m in s.media { out += "      - \(quoted(m.name))\n" }
            }
        }
        return out
    }

    private static func point(_ c: Coordinate) -> String { "[\(c.latitude), \(c.longitude)]" }

    /// A YAML double-quoted scalar; JSON's string escapes are a subset of YAML's.
    private static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    // MARK: Reading

    /// A tour whose media are named by bundle path only (ids filled in once the files are read),
    /// and the line each field came from, for reporting problems found later.
    struct Parsed {
        var tour: Tour
        var lines: [String: Int]

        /// The line of a field, or of the nearest enclosing field that has one.
        func line(of field: String) -> Int? {
            var path = field
            while !path.isEmpty {
                if let l = lines[path] { return l }
                guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
                path = String(path[..<cut])
            }
            return nil
        }
    }

    static func parse(_ text: String) throws(BundleProblem) -> Parsed {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(error)
        } catch {
            throw BundleProblem(message: "is not YAML")
        }
        guard let root else { throw BundleProblem(message: "is empty") }
        var r = Reader()
        do {
            let top = try r.mapping(
                root, "", required: ["format", "id", "slug", "title", "language", "mode", "area", "stops"],
                optional: ["description", "cover"])
            let format = try r.string(top["format"]!, "format")
            guard format == Self.format else { throw r.fail(top["format"], "format", "must be \(Self.format) (this WorldLayer reads no other)") }
            let cover = try top["cover"].map { MediaRef(id: "", contentType: "", size: 0, name: try r.mediaPath($0, "cover")) }
            guard let areaNodes = top["area"]!.sequence else { throw r.fail(top["area"], "area", "must be a list of [latitude, longitude] points") }
            let area = try areaNodes.enumerated().map { i, n in try r.coordinate(n, "area[\(i)]") }
            guard let stopNodes = top["stops"]!.sequence else { throw r.fail(top["stops"], "stops", "must be a list of stops") }
            let stops = try stopNodes.enumerated().map { i, n in try r.stop(n, "stops[\(i)]") }
            guard let mode = TourMode(rawValue: try r.string(top["mode"]!, "mode")) else { throw r.fail(top["mode"], "mode", "must be open or guided") }
            let tour = Tour(
                id: try r.uuid(top["id"]!, "id"), slug: try r.string(top["slug"]!, "slug"), title: try r.string(top["title"]!, "title"),
                description: try top["description"].map { try r.string($0, "description") } ?? "", language: try r.string(top["language"]!, "language"),
                mode: mode, cover: cover, area: GeoPolygon(area), stops: stops)
            return Parsed(tour: tour, lines: r.lines)
        } catch let p as BundleProblem {
            throw p
        } catch {
            throw BundleProblem(message: "\(error)")
        }
    }

    private static func problem(_ error: YamlError) -> BundleProblem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return BundleProblem(line: mark.line, message: "is not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return BundleProblem(line: context.mark.line, message: "repeats the key \(duplicates.joined(separator: ", "))")
        default:
            return BundleProblem(message: "is not valid YAML: \(error)")
        }
    }
}

/// Reads typed values out of YAML nodes, remembering each field's line and naming it in every complaint.
private struct Reader {
    var lines: [String: Int] = [:]

    func fail(_ node: Node?, _ field: String, _ message: String) -> BundleProblem {
        BundleProblem(line: node?.mark?.line ?? lines[field], field: field.isEmpty ? nil : field, message: message)
    }

    mutating func note(_ node: Node, _ field: String) {
        if let line = node.mark?.line { lines[field] = line }
    }

    /// A mapping's values by key; an unknown key (a typo) or a missing required one is an error.
    mutating func mapping(_ node: Node, _ path: String, required: Set<String>, optional: Set<String>) throws -> [String: Node] {
        note(node, path)
        guard let mapping = node.mapping else { throw fail(node, path, "must be a mapping of keys to values") }
        var values: [String: Node] = [:]
        for (k, v) in mapping {
            let key = k.string ?? ""
            let field = path.isEmpty ? key : "\(path).\(key)"
            guard required.contains(key) || optional.contains(key) else {
                throw fail(k, field, "is not a known key (expected one of \((required.union(optional)).sorted().joined(separator: ", ")))")
            }
            note(v, field)
            values[key] = v
        }
        if let missing = required.subtracting(values.keys).sorted().first {
            throw fail(node, path.isEmpty ? missing : "\(path).\(missing)", "is required")
        }
        return values
    }

    func string(_ node: Node, _ field: String) throws -> String {
        guard node.scalar != nil, let s = node.string else { throw fail(node, field, "must be text") }
        return s
    }

    func double(_ node: Node, _ field: String) throws -> Double {
        guard let d = node.float, d.isFinite else { throw fail(node, field, "must be a number") }
        return d
    }

    func int(_ node: Node, _ field: String) throws -> Int {
        guard let i = node.int else { throw fail(node, field, "must be a whole number") }
        return i
    }

    func uuid(_ node: Node, _ field: String) throws -> UUID {
        guard let text = node.string, let id = UUID(uuidString: text) else { throw fail(node, field, "must be a UUID") }
        return id
    }

    mutating func coordinate(_ node: Node, _ field: String) throws -> Coordinate {
        note(node, field)
        guard let pair = node.sequence, pair.count == 2 else { throw fail(node, field, "must be [latitude, longitude]") }
        return Coordinate(latitude: try double(pair[0], field), longitude: try double(pair[1], field))
    }

    /// A path inside the bundle: relative, without `..`, so a bundle cannot reach outside its folder.
    func mediaPath(_ node: Node, _ field: String) throws -> String {
        let path = try string(node, field)
        let parts = path.split(separator: "/")
        guard !path.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."), !parts.contains("."), !path.contains("\\") else {
            throw fail(node, field, "must be a path inside the bundle, like media/intro.mp3")
        }
        return path
    }

    mutating func stop(_ node: Node, _ path: String) throws -> TourStop {
        let s = try mapping(node, path, required: ["id", "title", "kind"], optional: ["text", "position", "beacon", "radius", "date", "source", "media"])
        guard let kind = StopKind(rawValue: try string(s["kind"]!, "\(path).kind")) else {
            throw fail(s["kind"], "\(path).kind", "must be one of \(StopKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var beacon: StopBeacon?
        if let b = s["beacon"] {
            let f = try mapping(b, "\(path).beacon", required: ["uuid", "major", "minor"], optional: ["txPower"])
            beacon = StopBeacon(
                uuid: try string(f["uuid"]!, "\(path).beacon.uuid"), major: try int(f["major"]!, "\(path).beacon.major"),
                minor: try int(f["minor"]!, "\(path).beacon.minor"), txPower: try f["txPower"].map { try double($0, "\(path).beacon.txPower") } ?? -59)
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
            id: try uuid(s["id"]!, "\(path).id"), title: try string(s["title"]!, "\(path).title"),
            text: try s["text"].map { try string($0, "\(path).text") } ?? "", kind: kind,
            position: try s["position"].map { try coordinate($0, "\(path).position") }, beacon: beacon,
            radius: try s["radius"].map { try double($0, "\(path).radius") } ?? 25, media: media,
            date: try s["date"].map { try string($0, "\(path).date") }, source: try s["source"].map { try string($0, "\(path).source") })
    }
}

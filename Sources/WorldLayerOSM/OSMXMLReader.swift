import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the `.osm` XML format (what the OSM website's export gives).
public enum OSMXMLReader {
    public static func read(_ url: URL, element: (OSMElement) throws -> Void) throws {
        guard let parser = XMLParser(contentsOf: url) else { throw OSMReadError("cannot read \(url.path)") }
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse(), collector.problem == nil else {
            let line = parser.lineNumber
            throw OSMReadError(
                "\(url.lastPathComponent) line \(line): \(collector.problem ?? parser.parserError?.localizedDescription ?? "not well-formed XML")"
            )
        }
        guard collector.sawRoot else { throw OSMReadError("\(url.lastPathComponent) is not OSM XML (no <osm> element)") }
        for e in collector.elements { try element(e) }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [OSMElement] = []
        var problem: String?
        var sawRoot = false
        private var current: (kind: String, id: Int64, lat: Double, lon: Double)?
        private var tags: [String: String] = [:]
        private var nodes: [Int64] = []
        private var members: [OSMRelation.Member] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes a: [String: String] = [:]
        ) {
            switch name {
            case "osm": sawRoot = true
            case "node", "way", "relation":
                guard let id = a["id"].flatMap(Int64.init) else { return fail(parser, "a <\(name)> has no numeric id") }
                var lat = 0.0, lon = 0.0
                if name == "node" {
                    guard let la = a["lat"].flatMap(Double.init), let lo = a["lon"].flatMap(Double.init), abs(la) <= 90, abs(lo) <= 180
                    else {
                        return fail(parser, "node \(id) has no valid lat/lon")
                    }
                    (lat, lon) = (la, lo)
                }
                current = (name, id, lat, lon)
                tags = [:]
                nodes = []
                members = []
            case "tag":
                if let k = a["k"], let v = a["v"] { tags[k] = v }
            case "nd":
                guard let ref = a["ref"].flatMap(Int64.init) else { return fail(parser, "an <nd> has no numeric ref") }
                nodes.append(ref)
            case "member":
                guard let ref = a["ref"].flatMap(Int64.init), let kind = a["type"].flatMap(OSMRelation.Member.Kind.init) else {
                    return fail(parser, "a <member> lacks a type or ref")
                }
                members.append(.init(kind: kind, ref: ref, role: a["role"] ?? ""))
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let c = current, c.kind == name else { return }
            switch name {
            case "node": elements.append(.node(OSMNode(id: c.id, latitude: c.lat, longitude: c.lon, tags: tags)))
            case "way": elements.append(.way(OSMWay(id: c.id, nodes: nodes, tags: tags)))
            default: elements.append(.relation(OSMRelation(id: c.id, members: members, tags: tags)))
            }
            current = nil
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            problem = message
            parser.abortParsing()
        }
    }
}

/// Reads `.osm.pbf` or `.osm` (XML), chosen by the file's name.
public enum OSMFile {
    public static func read(_ url: URL, progress: (Int, Int) -> Void = { _, _ in }, element: (OSMElement) throws -> Void) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { throw OSMReadError("no such file: \(url.path)") }
        if url.pathExtension.lowercased() == "pbf" {
            try PBFReader.read(url, progress: progress, element: element)
        } else {
            try OSMXMLReader.read(url, element: element)
        }
    }
}

import Foundation
import WorldLayerGeo
import Yams

/// Something wrong in a bundle, with the line of its YAML file and the field at fault when there is one.
struct BundleProblem: Error, CustomStringConvertible, Equatable {
    var file: String
    var line: Int?
    var field: String?
    var message: String

    var description: String {
        "\(file)\(line.map { " line \($0)" } ?? ""): \(field.map { "\($0): " } ?? "")\(message)"
    }
}

/// What a bundle's YAML says (files named by path only, identified once they are read), with the
/// line each field came from, for problems found after parsing.
struct ParsedBundle<Value> {
    var value: Value
    var file: String
    var lines: [String: Int]

    /// A problem with a field (a missing file, a broken rule), at its line or its nearest enclosing field's.
    func problem(_ field: String, _ message: String) -> BundleProblem {
        BundleProblem(file: file, line: BundleYAML.line(of: field, in: lines), field: field, message: message)
    }
}

/// Writing and reading the YAML files of bundles (tour.yaml, book.yaml).
enum BundleYAML {
    /// A YAML double-quoted scalar; JSON's string escapes are a subset of YAML's.
    static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    /// The root node of a bundle's YAML text.
    static func root(_ text: String, file: String) throws(BundleProblem) -> Node {
        // Aliases share nodes, so a few hundred bytes can stand for billions of them (a "billion laughs"):
        // they are counted, with a budget, before the tree is built (see `YAMLExpansion`).
        if let values = YAMLExpansion.count(text, limit: maximumNodes), values > maximumNodes {
            throw tooLarge(file)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(error, file: file)
        } catch {
            throw BundleProblem(file: file, message: "is not YAML")
        }
        guard let root else { throw BundleProblem(file: file, message: "is empty") }
        return root
    }

    private static func tooLarge(_ file: String) -> BundleProblem {
        BundleProblem(file: file, message: "has more than \(maximumNodes) values once its aliases are expanded; write it out plainly")
    }

    /// More values than any real tour or book has.
    static let maximumNodes = 100_000

    /// The line of a field, or of the nearest enclosing field that has one.
    static func line(of field: String, in lines: [String: Int]) -> Int? {
        var path = field
        while !path.isEmpty {
            if let l = lines[path] { return l }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = String(path[..<cut])
        }
        return nil
    }

    private static func problem(_ error: YamlError, file: String) -> BundleProblem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return BundleProblem(file: file, line: mark.line, message: "is not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return BundleProblem(file: file, line: context.mark.line, message: "repeats the key \(duplicates.joined(separator: ", "))")
        default:
            return BundleProblem(file: file, message: "is not valid YAML: \(error)")
        }
    }
}

/// Reads typed values out of YAML nodes, remembering each field's line and naming it in every complaint.
struct BundleReader {
    /// The file being read, named in every problem.
    let file: String
    var lines: [String: Int] = [:]

    func fail(_ node: Node?, _ field: String, _ message: String) -> BundleProblem {
        BundleProblem(file: file, line: node?.mark?.line ?? lines[field], field: field.isEmpty ? nil : field, message: message)
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
}

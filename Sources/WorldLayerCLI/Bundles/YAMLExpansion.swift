import CYaml
import Foundation

/// How many values a YAML text holds once its aliases are expanded, counted from the parser's
/// events before anything builds a tree. Composing the tree is not safe to do first: a mapping
/// whose key is an alias of a large node is hashed whole to check for duplicate keys, so a few
/// hundred bytes (a "billion laughs" with a complex key) kept `import book` busy for good.
enum YAMLExpansion {
    /// The values in `text` with aliases expanded, counting stopped once past `limit`; nil when the
    /// text is not YAML (the composer then says why, with the line).
    static func count(_ text: String, limit: Int) -> Int? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var anchors: [String: Int] = [:]
            // One running count per open sequence or mapping, with its anchor.
            var open: [(count: Int, anchor: String?)] = []
            var total = 0
            func add(_ size: Int, anchor: String?) {
                if let anchor { anchors[anchor] = size }
                if open.isEmpty {
                    total = total.addingReportingOverflow(size).overflow ? .max : total + size
                } else {
                    let sum = open[open.count - 1].count.addingReportingOverflow(size)
                    open[open.count - 1].count = sum.overflow ? .max : sum.partialValue
                }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT: return total
                case YAML_SCALAR_EVENT: add(1, anchor: name(event.data.scalar.anchor))
                case YAML_ALIAS_EVENT: add(name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1, anchor: nil)
                case YAML_SEQUENCE_START_EVENT: open.append((1, name(event.data.sequence_start.anchor)))
                case YAML_MAPPING_START_EVENT: open.append((1, name(event.data.mapping_start.anchor)))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { return nil }
                    add(closed.count, anchor: closed.anchor)
                default: break
                }
                if total > limit || open.contains(where: { $0.count > limit }) { return total > limit ? total : limit + 1 }
            }
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}

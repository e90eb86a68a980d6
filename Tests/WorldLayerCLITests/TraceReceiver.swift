import Foundation
import WorldLayerTestSupport

/// `scripts/otlp-receiver` on a loopback port: an OTLP/HTTP endpoint that decodes with
/// OpenTelemetry's own protobuf definitions and keeps each span it gets as a line of JSON.
final class TraceReceiver {
    struct Span: Decodable {
        var resource: [String: JSONValue]
        var trace_id: String
        var span_id: String
        var parent_span_id: String
        var name: String
        var kind: Int
        var start: UInt64
        var end: UInt64
        var attributes: [String: JSONValue]
        var status: Int
        var flags: UInt32
    }

    enum JSONValue: Decodable, Equatable, CustomStringConvertible {
        case string(String), number(Double), bool(Bool), list([JSONValue])
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let list = try? value.decode([JSONValue].self) {
                self = .list(list)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
        var description: String {
            switch self {
            case .string(let s): s
            case .number(let n): n == n.rounded() ? String(Int64(n)) : String(n)
            case .bool(let b): String(b)
            case .list(let l): l.map(\.description).joined(separator: ",")
            }
        }
    }

    let process = Process()
    let port: Int
    private let output: URL

    init() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
        let python = root.appending(path: ".build/python-tools/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw CLIFailure("the test's Python is missing at \(python.path): run scripts/python-tools (make test does)")
        }
        output = FileManager.default.temporaryDirectory.appending(path: "worldlayer-spans-\(UUID().uuidString).jsonl")
        process.executableURL = python
        process.arguments = [root.appending(path: "scripts/otlp-receiver").path, output.path]
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = stdout.fileHandleForReading.availableData
            guard !more.isEmpty else { throw CLIFailure("the trace receiver ended before it said its port") }
            said.append(more)
        }
        guard let port = Int(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CLIFailure("the trace receiver said \(String(decoding: said, as: UTF8.self))")
        }
        self.port = port
    }

    var endpoint: String { "http://127.0.0.1:\(port)/v1/traces" }

    /// Every span received so far.
    func spans() throws -> [Span] {
        guard let text = try? String(contentsOf: output, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Span.self, from: Data($0.utf8)) }
    }

    /// The spans of `trace`, waiting up to `seconds` until `done` holds of them.
    func spans(ofTrace trace: String, within seconds: Double = 10, until done: ([Span]) -> Bool) async throws -> [Span] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var found = try spans().filter { $0.trace_id == trace }
        while !done(found), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            found = try spans().filter { $0.trace_id == trace }
        }
        return found
    }

    deinit {
        // SIGKILL: a child of the test process may inherit SIGTERM ignored.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: output)
    }
}

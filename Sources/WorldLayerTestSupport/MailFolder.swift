import Foundation
import WorldLayerServices

/// The folder a server's mail is written to in a test (`EMLFolderSender`), read as a mail client
/// would: each `.eml` file's headers and its base64 body.
public struct MailFolder: Sendable {
    public struct Message: Sendable {
        public var to: String
        public var subject: String
        public var body: String

        /// The secret a link in the body carries after `marker` (`#/reset/`), if there is such a link.
        public func token(after marker: String) -> String? {
            guard let start = body.range(of: marker) else { return nil }
            let rest = body[start.upperBound...]
            return String(rest.prefix { !$0.isWhitespace })
        }
    }

    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("worldlayer-mail-\(UUID().uuidString)")
    }

    /// The folder a `worldlayer serve --mail FOLDER` writes.
    public init(url: URL) { self.url = url }

    /// What a server configured with it sends through.
    public var sender: EMLFolderSender { EMLFolderSender(folder: url) }

    /// Every message written so far (in no particular order).
    public func messages() -> [Message] {
        let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "eml" }.compactMap { file in
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            return Self.parse(text)
        }
    }

    /// Waits (up to `seconds`) until `count` messages to `address` whose subject contains `subject` were written.
    public func waitForMessages(_ count: Int = 1, to address: String, subject: String, upTo seconds: Double = 10) async throws -> [Message]
    {
        let deadline = ContinuousClock.now + .seconds(seconds)
        func matching() -> [Message] { messages().filter { $0.to.contains("<\(address)>") && $0.subject.contains(subject) } }
        while matching().count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        return matching()
    }

    public static func parse(_ text: String) -> Message? {
        let parts = text.components(separatedBy: "\r\n\r\n")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in parts[0].components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon]).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let encoded = parts[1...].joined(separator: "\r\n\r\n").components(separatedBy: .whitespacesAndNewlines).joined()
        guard let data = Data(base64Encoded: encoded), let body = String(data: data, encoding: .utf8) else { return nil }
        return Message(to: headers["to"] ?? "", subject: decodedWord(headers["subject"] ?? ""), body: body)
    }

    /// A header written as one RFC 2047 encoded word (`=?utf-8?B?…?=`, as `EmailMessage` writes non-ASCII) in plain text.
    static func decodedWord(_ header: String) -> String {
        guard header.hasPrefix("=?utf-8?B?"), header.hasSuffix("?="),
            let data = Data(base64Encoded: String(header.dropFirst(10).dropLast(2))), let text = String(data: data, encoding: .utf8)
        else { return header }
        return text
    }
}

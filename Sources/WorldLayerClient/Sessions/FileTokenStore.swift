import Foundation

/// Keeps the token in a file that only its owner may read or write (mode 0600), written whole and
/// renamed into place so that a crash leaves the old token or the new one, never half of one.
/// For Linux and command-line tools; apps on Apple platforms use `KeychainTokenStore`.
public struct FileTokenStore: TokenStore {
    public let file: URL

    public init(at file: URL) { self.file = file }

    public func load() throws -> String? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    public func save(_ token: String?) throws {
        guard let token else {
            if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            return
        }
        try Data(token.utf8).writeDurably(to: file)
    }
}

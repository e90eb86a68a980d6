import Foundation

/// Where the store lives: an embedded SQLite file, or a PostgreSQL server.
///
/// Written `sqlite:PATH` (for example `sqlite:./data/worldlayer.sqlite`) or
/// `postgres://user[:password]@host[:port]/database[?sslmode=disable]`.
public enum DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    public static let embeddedDefault = DatabaseURL.sqlite(path: "./data/worldlayer.sqlite")

    public init(parsing text: String) throws(StoreError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreError.invalidURL("sqlite: needs a file path, as in sqlite:./data/worldlayer.sqlite") }
            self = .sqlite(path: path)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard let c = URLComponents(string: text), c.user != nil, c.host?.isEmpty == false else {
                throw StoreError.invalidURL("a PostgreSQL URL looks like postgres://user@host:5432/database")
            }
            self = .postgres(url: text)
        } else {
            throw StoreError.invalidURL("database must start with sqlite: or postgres:// (got '\(text)')")
        }
    }

    /// The URL with any password hidden, for logs.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url):
            guard var c = URLComponents(string: url) else { return "postgres://…" }
            if c.password != nil { c.password = "***" }
            return c.string ?? "postgres://…"
        }
    }
}

import Foundation

extension UUID {
    /// The lower-case text form every id is stored in.
    var text: String { uuidString.lowercased() }
}

/// JSON for bodies stored in the database, in the same shape the API serves.
enum StoreJSON {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(Store.iso8601(date))
        }
        return e
    }()

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = Store.parseISO8601(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 time"))
            }
            return date
        }
        return d
    }()

    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try decoder.decode(type, from: Data(text.utf8))
    }
}

extension Store {
    /// ISO 8601 with milliseconds, UTC: what the database keeps (epoch ms) shown exactly.
    public static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    public static func parseISO8601(_ text: String) -> Date? {
        if let d = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) { return d }
        return try? Date(text, strategy: .iso8601)
    }
}

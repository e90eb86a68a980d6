import Foundation

/// The JSON of every wire — the HTTP API, the live WebSocket, the JSON the CLI prints — so that
/// one value reads the same wherever it travels: keys sorted, slashes unescaped, times as ISO 8601
/// UTC with milliseconds (`2026-01-31T12:00:00.250Z`, the precision times are stored with).
/// (The database keeps its bodies as epoch milliseconds: `StoreJSON`, not a wire.)
public enum WireJSON {
    public static let encoder = makeEncoder([.sortedKeys, .withoutEscapingSlashes])
    /// For people reading it (the CLI): the same JSON, indented.
    public static let prettyEncoder = makeEncoder([.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])

    public static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            guard let date = parseTime(try c.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "must be an ISO 8601 time like 2026-01-31T12:00:00Z")
            }
            return date
        }
        return d
    }()

    /// A time as the wire writes it.
    public static func time(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    /// A time the wire accepts: with or without fractional seconds, at any RFC 3339 offset (Foundation
    /// refuses offsets past ±18:00, which RFC 3339's grammar allows up to ±23:59).
    public static func parseTime(_ text: String) -> Date? {
        if let d = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) { return d }
        if let d = try? Date(text, strategy: .iso8601) { return d }
        guard let match = text.wholeMatch(of: /(.+)([+-])([01][0-9]|2[0-3]):([0-5][0-9])/),
            let utc = parseTimeAtUTC(String(match.1) + "Z")
        else { return nil }
        let seconds = (Double(match.3)! * 60 + Double(match.4)!) * 60
        return utc.addingTimeInterval(match.2 == "+" ? -seconds : seconds)
    }

    private static func parseTimeAtUTC(_ text: String) -> Date? {
        if let d = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) { return d }
        return try? Date(text, strategy: .iso8601)
    }

    private static func makeEncoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = formatting
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(time(date))
        }
        return e
    }
}

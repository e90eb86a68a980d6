import Foundation
import OpenAPIRuntime
import WorldLayerCore

/// Times as the server writes them (ISO 8601 with milliseconds) and reads them (with or without).
/// The generator's default reads whole seconds only, so every sticker time would fail to decode.
struct WireDates: DateTranscoder {
    func encode(_ date: Date) throws -> String { WireJSON.time(date) }

    func decode(_ text: String) throws -> Date {
        guard let date = WireJSON.parseTime(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an ISO 8601 time: \(text)"))
        }
        return date
    }
}

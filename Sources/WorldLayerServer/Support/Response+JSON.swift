import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerStore

extension Response {
    /// A JSON response with stable key order and ISO 8601 dates.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) throws -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try APIJSON.encoder.encode(value))))
    }
}

/// The API's JSON: sorted keys, times as ISO 8601 with milliseconds (as stored).
public enum APIJSON {
    public static let encoder: JSONEncoder = {
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
            let c = try decoder.singleValueContainer()
            guard let date = Store.parseISO8601(try c.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "must be an ISO 8601 time like 2026-01-31T12:00:00Z")
            }
            return date
        }
        return d
    }()
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerCore

extension Response {
    /// A JSON response in the wire's one JSON (`WireJSON`).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) throws -> Response {
        json(bytes: try WireJSON.encoder.encode(value), status: status, headers: extra)
    }

    /// A JSON response from bytes already written as the wire's JSON (``RouteJSON``).
    static func json(bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

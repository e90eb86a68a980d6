import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerCore

extension Response {
    /// A JSON response in the wire's one JSON (`WireJSON`).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) throws -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try WireJSON.encoder.encode(value))))
    }
}

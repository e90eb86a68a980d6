import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// Bytes with their ETag; answers `If-None-Match` with 304 so clients re-download nothing.
    static func blob(_ data: Data, contentType: String, etag: String, request: Request, cacheControl: String = "private, no-cache")
        -> Response
    {
        let quoted = "\"\(etag)\""
        var headers: HTTPFields = [.eTag: quoted, .cacheControl: cacheControl]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == quoted || $0 == "*" })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

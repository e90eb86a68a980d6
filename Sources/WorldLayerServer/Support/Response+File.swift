import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// A file streamed from disk, with byte ranges (so audio and video players can seek and resume)
    /// and caching: the ETag is the content hash, so the bytes under a name never change.
    static func file(
        at path: String, size: Int, contentType: String, etag: String, request: Request, context: some RequestContext,
        cacheControl: String = "public, max-age=31536000, immutable"
    ) async throws -> Response {
        let quoted = "\"\(etag)\""
        var headers: HTTPFields = [.eTag: quoted, .cacheControl: cacheControl, .acceptRanges: "bytes"]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == quoted || $0 == "*" })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        // A Range is honoured only for the version it was computed on (If-Range), and only a single one.
        let rangeApplies = request.headers[.ifRange].map { $0 == quoted } ?? true
        guard rangeApplies, let header = request.headers[.range] else {
            headers[.contentLength] = "\(size)"
            return Response(status: .ok, headers: headers, body: try await FileIO().loadFile(path: path, context: context))
        }
        switch ByteRange.parse(header, size: size) {
        case .whole:
            headers[.contentLength] = "\(size)"
            return Response(status: .ok, headers: headers, body: try await FileIO().loadFile(path: path, context: context))
        case .unsatisfiable:
            throw APIError(
                .rangeNotSatisfiable, message: "the file has \(size) bytes; ask for a range inside them",
                headers: [.contentRange: "bytes */\(size)"])
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = "\(range.count)"
            return Response(
                status: .partialContent, headers: headers, body: try await FileIO().loadFile(path: path, range: range, context: context))
        }
    }
}

/// A `Range: bytes=…` header read against a file's size (RFC 9110 §14).
enum ByteRange: Equatable {
    case whole
    case part(ClosedRange<Int>)
    case unsatisfiable

    static func parse(_ header: String, size: Int) -> ByteRange {
        let text = header.trimmingCharacters(in: .whitespaces)
        // Other units and several ranges at once: answer with the whole file, which the RFC allows.
        guard text.hasPrefix("bytes="), !text.contains(",") else { return .whole }
        let spec = text.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard spec.count == 2 else { return .whole }
        switch (Int(spec[0]), Int(spec[1])) {
        case (let first?, let last?) where first <= last:
            return first < size ? .part(first...min(last, size - 1)) : .unsatisfiable
        case (let first?, nil) where spec[1].isEmpty:
            return first < size ? .part(first...(size - 1)) : .unsatisfiable
        case (nil, let suffix?) where spec[0].isEmpty:
            return suffix > 0 && size > 0 ? .part(max(size - suffix, 0)...(size - 1)) : .unsatisfiable
        default:
            return .whole
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// gzip for text a browser asks for (the client's code, styles, JSON, GeoJSON, SVG) when it says it
/// accepts it: the first open of the web client on a phone's connection is mostly this. Pictures,
/// audio and video are compressed already, and partial (range) answers and WebSocket upgrades pass
/// untouched. The client's files and the vendor libraries are small and few: compressed copies
/// are kept by path and ETag, so each is compressed once.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Below this, gzip's header costs more than it saves.
    static let minimumBytes = 1024
    /// Above this, the answer is sent as it is rather than held in memory to compress.
    static let maximumBytes = 8 << 20
    let cache = CompressedFiles()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard Self.accepts(request.headers[.acceptEncoding]), response.status == .ok, response.headers[.contentEncoding] == nil,
            Self.compressible(response.headers[.contentType]),
            let length = response.body.contentLength ?? response.headers[.contentLength].flatMap(Int.init),
            (Self.minimumBytes...Self.maximumBytes).contains(length)
        else { return response }
        let key = response.headers[.eTag].map { "\(request.uri.path) \($0)" }
        let compressed: [UInt8]
        if let key, let kept = await cache.get(key) {
            compressed = kept
        } else {
            let collector = BodyCollector()
            try await response.body.write(collector)
            guard let zipped = Gzip.compress(Array(buffer: collector.buffer)), zipped.count < collector.buffer.readableBytes else {
                response.body = .init(byteBuffer: collector.buffer)
                return response
            }
            compressed = zipped
            if let key { await cache.set(key, zipped) }
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.count)
        response.headers[values: .vary].append("Accept-Encoding")
        response.body = .init(byteBuffer: ByteBuffer(bytes: compressed))
        return response
    }

    /// Whether `Accept-Encoding` allows gzip (named, or `*`, with a weight above zero).
    static func accepts(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { part in
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard fields.first == "gzip" || fields.first == "*" else { return false }
            let weight = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0
        }
    }

    static func compressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased() else { return false }
        return type.hasPrefix("text/") || type.contains("json") || type.contains("javascript") || type.contains("xml")
            || type.contains("svg")
            || type.contains("yaml") || type.contains("manifest")
    }
}

/// Compressed copies of static files, by path and ETag (a changed file has a new ETag).
actor CompressedFiles {
    private var files: [String: [UInt8]] = [:]
    private var bytes = 0
    /// Enough for the client and its libraries several times over.
    private let limit = 32 << 20

    func get(_ key: String) -> [UInt8]? { files[key] }

    func set(_ key: String, _ value: [UInt8]) {
        if bytes + value.count > limit { files.removeAll(); bytes = 0 }
        files[key] = value
        bytes += value.count
    }
}

/// Holds a response body as it is written, to compress it whole.
final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var part = buffer
        self.buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

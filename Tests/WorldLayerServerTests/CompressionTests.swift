import Foundation
import HTTPTypes
import Testing
import WorldLayerStore
import WorldLayerTestSupport

@testable import WorldLayerServer

@Suite("gzip for browsers that accept it")
struct CompressionTests {
    /// The bytes `gzip -dc` makes of `data` (the system's gzip, not the server's zlib, reads them).
    static func gunzip(_ data: Data) throws -> Data {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("wl-\(UUID().uuidString).gz")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/bin/gzip")
        p.arguments = ["-dc", input.path]
        p.standardOutput = out
        try p.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw HelperFailure("gzip -dc failed") }
        return bytes
    }

    @Test("text answers are gzipped when asked for, the same bytes once unzipped; pictures, small answers and refusals of gzip are not")
    func gzipWhenAccepted() async throws {
        try await withServer(.sqlite) { api in
            let gzip: HTTPFields = [.acceptEncoding: "br, gzip;q=0.8"]
            let plain = try await api.call(.get, "/openapi.yaml")
            let zipped = try await api.call(.get, "/openapi.yaml", headers: gzip)
            #expect(zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(zipped.data.count * 3 < plain.data.count, "\(zipped.data.count) of \(plain.data.count) bytes")
            #expect(try Self.gunzip(zipped.data) == plain.data)
            #expect(plain.headers[.contentEncoding] == nil)
            let refused = try await api.call(.get, "/openapi.yaml", headers: [.acceptEncoding: "gzip;q=0, identity"])
            #expect(refused.headers[.contentEncoding] == nil && refused.data == plain.data)
            // Small answers go as they are: gzip's header would cost more than it saves.
            let small = try await api.call(.get, "/health", headers: gzip)
            #expect(small.headers[.contentEncoding] == nil && small.json["status"] as? String == "ok")
            // JSON from the API too.
            let templates = try await api.call(.get, "/v1/templates", headers: gzip)
            let unzipped = try JSONSerialization.jsonObject(with: try Self.gunzip(templates.data)) as? [String: Any]
            #expect(templates.headers[.contentEncoding] == "gzip" && (unzipped?["templates"] as? [Any])?.isEmpty == false)
        }
    }

    @Test("Accept-Encoding: gzip named or *, with a weight above zero")
    func acceptEncoding() {
        #expect(CompressionMiddleware.accepts("gzip"))
        #expect(CompressionMiddleware.accepts("gzip, deflate, br"))
        #expect(CompressionMiddleware.accepts("br;q=1.0, gzip;q=0.5"))
        #expect(CompressionMiddleware.accepts("*"))
        #expect(!CompressionMiddleware.accepts("gzip;q=0"))
        #expect(!CompressionMiddleware.accepts("identity"))
        #expect(!CompressionMiddleware.accepts(nil))
        #expect(CompressionMiddleware.compressible("application/json; charset=utf-8"))
        #expect(CompressionMiddleware.compressible("text/javascript"))
        #expect(!CompressionMiddleware.compressible("image/png"))
        #expect(!CompressionMiddleware.compressible("audio/mpeg"))
    }
}

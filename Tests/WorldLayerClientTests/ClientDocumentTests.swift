import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("WorldLayerClient: the generated client is current")
struct ClientDocumentTests {
    /// The document the client was generated from at this build.
    static let generatedFrom = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WorldLayerAPI/openapi.yaml")

    @Test("the server serves the very document the client is generated from")
    func servedDocumentIsTheGeneratedOne() async throws {
        try await withLiveServer(.sqlite) { server in
            let (served, response) = try await URLSession.shared.data(from: server.appendingPathComponent("openapi.yaml"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(served == (try Data(contentsOf: Self.generatedFrom)), "regenerate: the client is built from another document")
        }
    }
}

import Foundation
import Testing
import WorldLayerClient
import WorldLayerStore
import WorldLayerTestSupport

@Suite("WorldLayerClient: the getting-started article")
struct GettingStartedTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let article = here.appendingPathComponent("../../Sources/WorldLayerClient/WorldLayerClient.docc/GettingStarted.md").standardized
    static let app = here.appendingPathComponent("GettingStarted/StickerApp.swift")

    @Test("the article shows, character for character, the app these tests compile, and it is at most 60 lines")
    func articleIsTheCompiledCode() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let start = try #require(text.range(of: "```swift\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let shown = String(text[start.upperBound..<end.lowerBound])
        let compiled = try String(contentsOf: Self.app, encoding: .utf8)
        #expect(shown == compiled, "copy Tests/WorldLayerClientTests/GettingStarted/StickerApp.swift into the article")
        #expect(compiled.split(separator: "\n", omittingEmptySubsequences: false).count <= 60)
    }

    @Test(
        "the article's app logs in, places a sticker through its outbox, and draws it in front of the phone",
        arguments: ScratchDatabase.engines)
    func theAppWorks(engine: Store.Engine) async throws {
        try await withLiveServer(engine) { server in
            _ = try await Fixtures.person("ada", at: server)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sticker-app-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try StickerApp(server: server, folder: folder)
            try await app.start(username: "ada", password: "correct horse")
            defer { Task { await app.stop() } }

            let here = ClientFixtures.centre
            let ahead = ClientFixtures.point(north: 10)
            let fix = DeviceFix(
                latitude: here.latitude, longitude: here.longitude, altitude: 21.5, horizontalAccuracy: 5, heading: 0, headingAccuracy: 10)
            await app.moved(to: fix)
            let placeFix = DeviceFix(latitude: ahead.latitude, longitude: ahead.longitude, altitude: 21.5, horizontalAccuracy: 3)
            let id = try await app.place("ten metres north", at: placeFix)
            var drawn: ARTransform?
            for _ in 0..<400 where drawn == nil {
                drawn = await app.scene(seenFrom: fix)[id]
                if drawn == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            // Facing north, ten metres north is ten metres along −z, at eye height.
            let position = try #require(drawn).columns[3]
            #expect(abs(position.z + 10) < 0.1 && abs(position.x) < 0.1 && abs(position.y) < 0.1, "\(position)")
        }
    }
}

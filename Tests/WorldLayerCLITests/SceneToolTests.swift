import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerTestSupport

@Suite("worldlayer scene")
struct SceneToolTests {
    static let poster = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../WorldLayerServerTests/Media/scenes/poster/anchor.jpg").standardized

    @Test("lists scene anchors, shows one by its id or its sticker's, deletes one; an unknown id is one line and exit 1")
    func listShowDelete() async throws {
        let db = CLI.scratchDatabase()
        let server = try await RunningServer(database: db)
        let ada = try await server.signUpAndLogIn("ada")
        let sticker = UUID().text
        let body =
            ##"{"templateId":"sticky-note","text":"on the poster","tags":[],"color":"#ff8800","size":0.4,"orientation":[0,0,0,1],"anchor":{"latitude":60.1699,"longitude":24.9384,"altitude":20,"accuracy":3},"visibility":"public","sharedWith":[]}"##
        #expect(try await server.request("PUT", "/v1/stickers/\(sticker)", json: body, token: ada).status == 201)
        let put = try await server.request(
            "PUT", "/v1/stickers/\(sticker)/scene?latitude=60.1699&longitude=24.9384&heading=90&fov=60&distance=3.2&x=0.25&y=0.5",
            bytes: try Data(contentsOf: Self.poster), contentType: "image/jpeg", token: ada)
        #expect(put.status == 201, "\(put.text)")
        let scene = try #require((try JSONSerialization.jsonObject(with: Data(put.text.utf8)) as? [String: Any])?["id"] as? String)
        server.stop()

        let list = try CLI.run(["scene", "list", "--database", db])
        // The scene is 3.2 m east of where the camera stood: 0.0000577° of longitude at 60° north.
        #expect(list.status == 0 && list.stdout.hasPrefix("\(scene)\tsticker \(sticker)\t60.169900,24.938458 facing 90°"), "\(list.stdout)")
        for id in [scene, sticker] {
            let show = try CLI.run(["scene", "show", id, "--database", db])
            #expect(show.status == 0 && show.stdout.contains("looking 90°, 3.2 m away"), "\(show.stdout)")
            // A quarter across a 60° frame at 3.2 m: half of 3.2 × tan 30° = 0.92 m to the left.
            #expect(show.stdout.contains("the sticker -0.92 m right, 0.00 m down of it"), "\(show.stdout)")
        }
        let unknown = try CLI.run(["scene", "show", UUID().text, "--database", db])
        #expect(unknown.status == 1 && unknown.stderr.split(separator: "\n").count == 1 && unknown.stderr.contains("no scene anchor"))
        #expect(try CLI.run(["scene", "delete", sticker, "--database", db]).stdout == "deleted scene \(scene) of sticker \(sticker)\n")
        #expect(try CLI.run(["scene", "list", "--database", db]).stdout.isEmpty)
    }
}

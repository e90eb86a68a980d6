import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport

/// Real photographs through the API: a book's cover on a floor, photographed by a phone from two
/// places about 35° apart (Debian's `opencv-doc` examples `left.jpg` and `right.jpg`, Apache-2.0 and
/// BSD, as OpenCV). `bench/realphoto_data.py fixtures` cut them into Media/realphotos, with where the
/// true homography between the two photographs (SIFT, independent of WorldLayer's ORB) puts things.
@Suite("Real photographs")
struct RealPhotoTests {
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Media/realphotos")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: media.appendingPathComponent(path)))
    }

    @Test(
        "a sticker anchored on a real photograph is located from another real viewpoint, the field of view guessed right or 15 % off either way, and drawn within 1 % of the frame's width of where it truly is",
        arguments: ScratchDatabase.engines)
    func sceneFromAnotherViewpoint(engine: Store.Engine) async throws {
        let scene = try #require((try Self.json("scenes/scenes.json") as? [[String: Any]])?.first)
        let spot = try #require(scene["spot"] as? [Double])
        let anchor = try #require(scene["anchor"] as? String)
        let views = try #require(scene["views"] as? [[String: Any]]).map { ($0["file"] as! String, $0["sticker"] as! [Double]) }
        let url = try await ScratchDatabase.makeURL(engine)
        try await withServer(engine, configure: { $0.database = url }) { api in
            let ada = try await api.signUpAndLogIn("ada")
            let sticker = try await SceneAnchorTests.place(api, Fixtures.sticker(text: "on the cover"), token: ada)
            let at = Fixtures.helsinki
            let anchored = try await api.call(
                .put,
                "/v1/stickers/\(sticker)/scene?latitude=\(at.latitude)&longitude=\(at.longitude)&heading=90&fov=60&distance=3&x=\(spot[0])&y=\(spot[1])",
                bytes: try Data(contentsOf: Self.media.appendingPathComponent("scenes/\(anchor)")), token: ada,
                headers: [.contentType: "image/jpeg"])
            #expect(anchored.status == .created, "\(anchored.text)")
            for (file, truth) in views {
                for fov in [60.0, 69, 51] {
                    let found = try await api.call(
                        .post, "/v1/scenes/locate?latitude=\(at.latitude)&longitude=\(at.longitude)&fov=\(fov)",
                        bytes: try Data(contentsOf: Self.media.appendingPathComponent("scenes/\(file)")),
                        headers: [.contentType: "image/jpeg"])
                    #expect(found.json["located"] as? Bool == true, "\(file) at \(fov)°: \(found.text)")
                    #expect((found.json["scene"] as? [String: Any])?["stickerId"] as? String == sticker)
                    // Where the browser draws it: the camera-space sticker through the lens it said it has.
                    let s = try #require(found.json["sticker"] as? [String: Double], "\(file): \(found.text)")
                    let focal = 320 / tan(fov * .pi / 360)
                    let drawn = (320 + focal * s["x"]! / s["z"]!, 240 + focal * s["y"]! / s["z"]!)
                    let off = hypot(drawn.0 - truth[0], drawn.1 - truth[1])
                    #expect(off <= 6.4, "\(file) at \(fov)°: drawn at \(drawn), truly at \(truth)")
                    #expect(found.json["precise"] is Bool && found.json["fieldOfView"] is Double)
                }
            }
            // A real frame of something else: not located, and nothing said to be wrong with the scene.
            let elsewhere = try await api.call(
                .post, "/v1/scenes/locate?latitude=\(at.latitude)&longitude=\(at.longitude)&fov=60",
                bytes: try Data(contentsOf: Self.media.appendingPathComponent("pages/targets/t0000.jpg")),
                headers: [.contentType: "image/jpeg"])
            #expect(elsewhere.json["located"] as? Bool == false && elsewhere.json["reason"] == nil, "\(elsewhere.text)")
        }
    }

    struct PageTruth: Decodable {
        var frame: String
        var target: String
        var corners: [[Double]]
        var scale: Double

        /// Found: the right picture, its corners within a tenth of its diagonal of the truth.
        func found(target: String?, corners: [[Double]]?) -> Bool {
            guard target == self.target, let corners else { return false }
            let diagonal = hypot(self.corners[2][0] - self.corners[0][0], self.corners[2][1] - self.corners[0][1])
            let error = zip(corners, self.corners).map { hypot($0[0] - $1[0], $0[1] - $1[1]) }.reduce(0, +) / 4
            return error <= diagonal / 10
        }
    }

    @Test(
        "a cover in real clutter from 0.3 to 2 times its picture's size: WorldLayer finds every frame OpenCV's feature-homography tutorial finds",
        arguments: ScratchDatabase.engines)
    func pagesLikeTheTutorial(engine: Store.Engine) async throws {
        let truths = try JSONDecoder().decode(
            [PageTruth].self, from: Data(contentsOf: Self.media.appendingPathComponent("pages/frames/truth.json")))
        // A process waited for: on a thread of its own, not one of the two that run every test's tasks.
        let tutorial = try await offThePool { try Self.tutorial(frames: "pages/frames", targets: "pages/targets", count: 2) }
        let world = try await TourWorld.make(engine)
        try await DemoBook.installBook(
            world, id: UUID(), slug: "real-covers", title: "Real covers", authors: ["OpenCV contributors"], description: "Two photographs.",
            pages: (0..<2).map { i in
                (
                    i, "t000\(i)", Self.media.appendingPathComponent("pages/targets/t000\(i).jpg"),
                    DemoBook.demo.appendingPathComponent("book/media/coffee.mp4")
                )
            })
        let answers = Answers()
        try await withServer(engine, configure: world.configure) { api in
            for truth in truths {
                let r = try await api.call(
                    .post, "/v1/books/real-covers/recognize",
                    bytes: try Data(contentsOf: Self.media.appendingPathComponent("pages/frames/\(truth.frame)")),
                    headers: [.contentType: "image/jpeg"])
                #expect(r.status == .ok, "\(r.text)")
                let name = (r.json["target"] as? [String: Any])?["name"] as? String
                let corners = (r.json["corners"] as? [[String: Double]])?.map { [$0["x"]!, $0["y"]!] }
                if truth.found(target: name, corners: corners) { await answers.add(truth.frame) }
            }
        }
        let ours = await answers.frames
        let theirs = Set(truths.filter { $0.found(target: tutorial[$0.frame]?.target, corners: tutorial[$0.frame]?.corners) }.map(\.frame))
        #expect(theirs.subtracting(ours).isEmpty, "the tutorial finds \(theirs.sorted()), WorldLayer \(ours.sorted())")
        // And more than it: from 0.5 times up, every frame (the tutorial misses some below 1).
        #expect(Set(truths.filter { $0.scale >= 0.5 }.map(\.frame)).isSubset(of: ours), "WorldLayer finds \(ours.sorted())")
    }

    actor Answers {
        var frames: Set<String> = []
        func add(_ frame: String) { frames.insert(frame) }
    }

    /// OpenCV's feature-homography tutorial on the same frames (bench/vision_baseline.py, Debian's python3-opencv).
    struct Found: Sendable {
        var target: String?
        var corners: [[Double]]?
    }

    static func tutorial(frames: String, targets: String, count: Int) throws -> [String: Found] {
        let process = Process()
        // Debian's own interpreter, the one python3-opencv is built for (a pyenv `python3` on the PATH has no cv2).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            root.appendingPathComponent("bench/vision_baseline.py").path, media.appendingPathComponent(targets).path, "\(count)",
            media.appendingPathComponent(frames).path, "tutorial",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let answers = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["answers"] as? [[String: Any]]
        else { throw HelperFailure("bench/vision_baseline.py failed: is python3-opencv installed?") }
        return Dictionary(
            uniqueKeysWithValues: answers.map { a in
                (a["frame"] as! String, Found(target: a["target"] as? String, corners: a["corners"] as? [[Double]]))
            })
    }
}

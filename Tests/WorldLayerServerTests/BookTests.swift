import Foundation
import HTTPTypes
import Testing
import WorldLayerCore
import WorldLayerServer
import WorldLayerStore
import WorldLayerTestSupport
import WorldLayerVision

/// The demo book (demo/book, made by scripts/generate-demo-book.py) put in a store the way
/// `worldlayer import book` puts it: files in the media library, features from the pictures.
enum DemoBook {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../demo").standardized
    static let id = UUID(uuidString: "7d30a2e9-b0ff-5832-9240-72722912b608")!
    static let pages: [(file: String, name: String)] = [
        ("astronaut", "Eileen Collins, astronaut"), ("coffee", "A cup of coffee"), ("chelsea", "Chelsea the cat"),
        ("coins", "Greek coins from Pompeii"), ("hubble_deep_field", "The Hubble eXtreme Deep Field"),
        ("immunohistochemistry", "Stained tissue"),
    ]

    static func install(_ world: TourWorld, only: Set<String>? = nil) async throws {
        let chosen = pages.enumerated().filter { only?.contains($0.element.file) ?? true }
        try await installBook(
            world, id: id, slug: "pictures-of-science", title: "Pictures of Science",
            authors: ["WorldLayer demo", "scikit-image contributors"],
            description: "Six photographs.",
            pages: chosen.map { i, page in
                (
                    i, page.name, demo.appendingPathComponent("book/pages/\(page.file).jpg"),
                    demo.appendingPathComponent("book/media/\(page.file).mp4")
                )
            })
    }

    /// A book put in a store the way `worldlayer import book` puts it: each page's picture and video
    /// in the media library, features from the picture. `number` makes the page's id.
    static func installBook(
        _ world: TourWorld, id: UUID, slug: String, title: String, authors: [String], description: String,
        pages: [(number: Int, name: String, picture: URL, video: URL)]
    ) async throws {
        let library = MediaLibrary(root: world.media)
        var targets: [BookTarget] = []
        var features: [BookTarget.ID: Data] = [:]
        for page in pages {
            let image = try await library.add(copyOf: page.picture, name: "pages/\(page.picture.lastPathComponent)")
            let video = try await library.add(copyOf: page.video, name: "media/\(page.video.lastPathComponent)")
            let reference = try #require(ReferenceImage(encoded: try Data(contentsOf: library.path(of: image.id))))
            let target = BookTarget(
                id: BookTarget.ID(String(format: "00000000-0000-4000-8000-%012d", page.number))!, name: page.name, image: image,
                physicalWidth: 0.12,
                content: TargetContent(kind: .video, media: video),
                quality: TargetQuality(
                    score: reference.score, keypoints: reference.keypoints, coverage: reference.coverage, distinct: reference.distinct,
                    width: reference.width, height: reference.height))
            targets.append(target)
            features[target.id] = reference.features
        }
        let book = Book(
            id: Book.ID(id), slug: slug, title: title, authors: authors, description: description, language: "en",
            cover: targets.first?.image, targets: targets)
        try await world.withStore { store in
            try await store.tours.registerMedia(book.media)
            try await store.books.save(book, features: features)
        }
    }

    struct Truth: Decodable {
        var frame: String
        var target: String?
        var corners: [[Double]]?
    }

    static func frames() throws -> [(truth: Truth, bytes: Data)] {
        let truth = try JSONDecoder().decode([Truth].self, from: Data(contentsOf: demo.appendingPathComponent("frames/truth.json")))
        return try truth.map { ($0, try Data(contentsOf: demo.appendingPathComponent("frames/\($0.frame)"))) }
    }
}

@Suite("Books through the API: catalogue, reference images, recognition of camera frames")
struct BookTests {
    @Test(
        "the catalogue lists and searches books by title and author, forgiving typos; a book shows its targets",
        arguments: ScratchDatabase.engines)
    func catalogue(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await DemoBook.install(world)
        try await withServer(engine, configure: world.configure) { api in
            let all = try await api.call(.get, "/v1/books")
            let books = try #require(all.json["books"] as? [[String: Any]])
            #expect(books.count == 1 && books[0]["title"] as? String == "Pictures of Science" && books[0]["targetCount"] as? Int == 6)
            for q in ["pictures", "Pict", "science pictures", "scikit", "pictrues", "Scïence"] {
                let found = try await api.call(.get, "/v1/books?q=\(q.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)")
                #expect((found.json["books"] as? [[String: Any]])?.count == 1, "\(q)")
            }
            #expect((try await api.call(.get, "/v1/books?q=geology").json["books"] as? [[String: Any]])?.isEmpty == true)
            #expect(try await api.call(.get, "/v1/books?q=\(String(repeating: "a", count: 101))").status == .badRequest)

            let bySlug = try await api.call(.get, "/v1/books/pictures-of-science")
            let byID = try await api.call(.get, "/v1/books/\(DemoBook.id.text)")
            #expect(bySlug.status == .ok && bySlug.text == byID.text)
            let targets = try #require(bySlug.json["targets"] as? [[String: Any]])
            #expect(targets.count == 6)
            let quality = try #require(targets[0]["quality"] as? [String: Any])
            #expect((quality["score"] as? Double ?? 0) > 0.5 && quality["width"] as? Int == 512)
            #expect((targets[0]["content"] as? [String: Any])?["kind"] as? String == "video")
            #expect(try await api.call(.get, "/v1/books/no-such-book").status == .notFound)
        }
    }

    @Test("reference images come with their printed size and download as stored", arguments: ScratchDatabase.engines)
    func referenceImages(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await DemoBook.install(world)
        try await withServer(engine, configure: world.configure) { api in
            let r = try await api.call(.get, "/v1/books/pictures-of-science/reference-images")
            let images = try #require(r.json["images"] as? [[String: Any]])
            #expect(images.count == 6)
            // Coffee is 600 × 400 pixels, printed 12 cm wide: 8 cm high.
            let coffee = try #require(images.first { $0["name"] as? String == "A cup of coffee" })
            #expect(coffee["physicalWidth"] as? Double == 0.12 && abs((coffee["physicalHeight"] as? Double ?? 0) - 0.08) < 1e-9)
            let download = try await api.call(.get, try #require(coffee["url"] as? String))
            let original = try Data(contentsOf: DemoBook.demo.appendingPathComponent("book/pages/coffee.jpg"))
            #expect(download.status == .ok && download.data == original)
        }
    }

    @Test(
        "a camera frame of a page returns that page, its corners within a few pixels and what it shows; other frames none",
        arguments: ScratchDatabase.engines)
    func recognition(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await DemoBook.install(world)
        try await withServer(engine, configure: world.configure) { api in
            for (truth, bytes) in try DemoBook.frames() {
                let r = try await api.call(
                    .post, "/v1/books/pictures-of-science/recognize", bytes: bytes, headers: [.contentType: "image/jpeg"])
                #expect(r.status == .ok, "\(r.text)")
                #expect((r.json["frame"] as? [String: Any])?["width"] as? Int == 640)
                guard let page = truth.target, let corners = truth.corners else {
                    #expect(
                        r.json["recognized"] as? Bool == false && r.json["target"] == nil && r.json["corners"] == nil,
                        "\(truth.frame): \(r.text)")
                    continue
                }
                let name = DemoBook.pages.first { $0.file == page }!.name
                let target = try #require(r.json["target"] as? [String: Any], "\(truth.frame): \(r.text)")
                #expect(r.json["recognized"] as? Bool == true && target["name"] as? String == name)
                #expect(((target["content"] as? [String: Any])?["media"] as? [String: Any])?["contentType"] as? String == "video/mp4")
                let found = try #require(r.json["corners"] as? [[String: Double]])
                for (f, t) in zip(found, corners) { #expect(hypot(f["x"]! - t[0], f["y"]! - t[1]) < 5, "\(truth.frame): \(f) vs \(t)") }
                #expect((r.json["homography"] as? [Double])?.count == 9 && (r.json["confidence"] as? Double ?? 0) > 0.3)
            }
        }
    }

    @Test("bad frames get a clear 4xx; a changed book is recognized as it is now; admins delete books", arguments: ScratchDatabase.engines)
    func badFramesAndChanges(engine: Store.Engine) async throws {
        let world = try await TourWorld.make(engine)
        try await DemoBook.install(world)
        try await withServer(engine, configure: world.configure) { api in
            let path = "/v1/books/pictures-of-science/recognize"
            let junk = try await api.call(.post, path, bytes: Data("<html>a page</html>".utf8))
            #expect(junk.status == .unsupportedMediaType && junk.errorCode == "unsupported_media_type")
            #expect(try await api.call(.post, path, bytes: Data()).errorCode == "empty_body")
            // A JPEG's first and last bytes around garbage: it passes the sniffer, not the decoder.
            let broken = try await api.call(
                .post, path, bytes: Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 7, count: 64) + Data([0xFF, 0xD9]))
            #expect(broken.status == .unprocessableContent && broken.errorCode == "undecodable_image", "\(broken.text)")
            let huge = try await api.call(.post, path, bytes: Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(count: 9 << 20))
            #expect(huge.status == .contentTooLarge && huge.errorCode == "body_too_large")
            #expect(try await api.call(.post, "/v1/books/no-such-book/recognize", bytes: TourWorld.png).status == .notFound)

            // The book loses its coffee page: the coffee frame is no longer recognized, the others still are.
            let coffee = try DemoBook.frames().first { $0.truth.target == "coffee" }!.bytes
            let astronaut = try DemoBook.frames().first { $0.truth.target == "astronaut" }!.bytes
            #expect(try await api.call(.post, path, bytes: coffee).json["recognized"] as? Bool == true)
            try await DemoBook.install(world, only: ["astronaut", "chelsea"])
            #expect(try await api.call(.post, path, bytes: coffee).json["recognized"] as? Bool == false)
            #expect(try await api.call(.post, path, bytes: astronaut).json["recognized"] as? Bool == true)

            let user = try await api.signUpAndLogIn("reader")
            #expect(try await api.call(.delete, "/v1/books/pictures-of-science", token: user).status == .forbidden)
            let admin = try await world.admin(api)
            #expect(try await api.call(.delete, "/v1/books/pictures-of-science", token: admin).status == .noContent)
            #expect(try await api.call(.get, "/v1/books/pictures-of-science").status == .notFound)
            #expect(try await api.call(.post, path, bytes: astronaut).status == .notFound)
        }
    }
}

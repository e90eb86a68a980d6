import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerStore
import WorldLayerVision

/// Stops opened by the signs they show: indoors, a camera that sees a stop's `sign` picture (a
/// poster, a plaque) says the visitor is there, where GPS cannot and no beacon is at hand.
struct TourSignController {
    let tours: TourStore
    let recognizers: TourSignRecognizers
    /// Frames are decoded a few at a time, off the threads that answer requests.
    var pool = DecodePool("tour-signs")
    let framesPerAddress: RateLimiter

    func register(_ routes: Routes) {
        routes.on(.post, "/v1/tours/{tour}/signs/recognize", use: recognize)
    }

    /// Which stop's sign a camera frame shows, if any.
    @Sendable func recognize(_ request: Request, context: AppRequestContext) async throws -> Response {
        let tour = try await TourAccess.walkable(tours: tours, context: context)
        let frame = try await CameraFrame.read(request)
        try await framesPerAddress.require(context.clientAddress, what: "camera frames")
        struct Body: Encodable {
            var recognized: Bool
            var stopId: String?
            var confidence: Double
        }
        guard let entry = try await recognizers.recognizer(for: tour) else {
            return try .json(Body(recognized: false, stopId: nil, confidence: 0))
        }
        let recognizer = entry.recognizer
        guard let found = try await pool.run({ recognizer.recognize(encoded: frame) }) else {
            throw APIError(.undecodableImage, message: "the camera frame could not be decoded as an image")
        }
        let stop = found.target.map { entry.stops[Int($0)] }
        return try .json(Body(recognized: stop != nil, stopId: stop?.text, confidence: found.confidence))
    }
}

/// One recognizer per tour over its stops' sign pictures, described from the stored files on first
/// use and again when the tour changes.
actor TourSignRecognizers {
    struct Entry: Sendable {
        var recognizer: TargetRecognizer
        /// The stop each index key stands for.
        var stops: [TourStop.ID]
    }

    private let library: MediaLibrary
    private var built: [Tour.ID: (version: Date, entry: Task<Entry?, any Error>)] = [:]

    init(library: MediaLibrary) { self.library = library }

    /// Nil when no stop of the tour has a sign picture.
    func recognizer(for tour: Tour) async throws -> Entry? {
        if let cached = built[tour.id], cached.version == tour.updatedAt { return try await cached.entry.value }
        let signs = tour.stops.compactMap { stop in stop.sign.map { (stop.id, $0.id) } }
        let library = self.library
        let task = Task<Entry?, any Error> {
            guard !signs.isEmpty else { return nil }
            var described: [(TourStop.ID, Data)] = []
            for (stop, id) in signs {
                // A file an admin uploaded, checked as an image then; one that no longer reads is skipped.
                guard let file = try await library.file(of: id) else { continue }
                if let picture = ReferenceImage(encoded: try Data(contentsOf: file)) { described.append((stop, picture.features)) }
            }
            let recognizer = try TargetRecognizer(targets: described.enumerated().map { (Int64($0.offset), $0.element.1) })
            return Entry(recognizer: recognizer, stops: described.map(\.0))
        }
        built[tour.id] = (tour.updatedAt, task)  // concurrent first frames share one build
        do {
            return try await task.value
        } catch {
            built[tour.id] = nil
            throw error
        }
    }
}

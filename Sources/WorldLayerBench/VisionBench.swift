import ArgumentParser
import Foundation
import WorldLayerCLI
import WorldLayerVision

/// `worldlayer bench vision`: index the first N targets of a folder, recognize every frame of
/// another on one core, and print each answer with its time as JSON (bench/vision_report.py scores them).
struct VisionBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vision", abstract: "Recognize benchmark frames against N targets on one core; prints JSON.")

    @Option(help: "Folder of target pictures t0000.jpg, t0001.jpg, …") var targets: String
    @Option(help: "How many of them to index.") var count: Int
    @Option(help: "Folder of frames (*.jpg).") var frames: String
    @Flag(help: "Index only the targets `worldlayer import book` accepts (as a book of them on the server holds), naming the others.")
    var bookRules = false

    /// The i-th target's name, as its file is named and answers name it.
    static func name(_ i: Int) -> String { "t" + String(format: "%04d", i) }

    func run() throws {
        TargetRecognizer.limitThreads(1)
        var described: [(key: Int64, features: Data)] = []
        var refused: [String] = []
        var describeSeconds = 0.0
        for i in 0..<count {
            let path = "\(targets)/\(Self.name(i)).jpg"
            guard let bytes = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read \(path)") }
            let start = Date()
            guard let reference = ReferenceImage(encoded: bytes) else { throw CommandFailure("\(path) is not an image") }
            describeSeconds += Date().timeIntervalSince(start)
            guard !bookRules || reference.problems.isEmpty else {
                refused.append(Self.name(i))
                continue
            }
            described.append((Int64(i), reference.features))
            if (i + 1) % 100 == 0 { FileHandle.standardError.write(Data("\r[vision] described \(i + 1)/\(count) targets".utf8)) }
        }
        let buildStart = Date()
        let recognizer = try TargetRecognizer(targets: described)
        let buildSeconds = Date().timeIntervalSince(buildStart)
        let files = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".jpg") }.sorted()
        struct Answer: Encodable {
            var frame: String
            var target: String?
            var corners: [[Double]]?
            var inliers: Int
            var seconds: Double
        }
        var answers: [Answer] = []
        for (n, file) in files.enumerated() {
            guard let bytes = FileManager.default.contents(atPath: "\(frames)/\(file)") else { throw CommandFailure("cannot read \(file)") }
            let start = DispatchTime.now().uptimeNanoseconds
            guard let r = recognizer.recognize(encoded: bytes) else { throw CommandFailure("\(file) is not an image") }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            answers.append(
                Answer(
                    frame: file, target: r.target.map { Self.name(Int($0)) },
                    corners: r.target == nil ? nil : r.corners.map { [$0.x, $0.y] },
                    inliers: r.inliers, seconds: seconds))
            if (n + 1) % 50 == 0 {
                FileHandle.standardError.write(Data("\r[vision] ours: \(n + 1)/\(files.count) frames at \(count) targets".utf8))
            }
        }
        FileHandle.standardError.write(Data("\n".utf8))
        struct Output: Encodable {
            var targets: Int
            var indexBytes: Int
            var describeSecondsPerTarget: Double
            var buildSeconds: Double
            /// Targets left out by --book-rules.
            var refused: [String]
            var answers: [Answer]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let output = Output(
            targets: count, indexBytes: recognizer.memoryBytes, describeSecondsPerTarget: describeSeconds / Double(max(count, 1)),
            buildSeconds: buildSeconds, refused: refused,
            answers: answers)
        print(String(decoding: try encoder.encode(output), as: UTF8.self))
    }
}

import Foundation
import WorldLayerCLI
import WorldLayerCore

/// One row of the `nearby` benchmark's data (see bench/nearby_data.py).
struct BenchSticker {
    var id: UUID
    var author: Int
    var visibility: Visibility
    var latitude: Double
    var longitude: Double
    var sharedWith: [Int]

    /// Reads `id author visibility latitude longitude shared` tab-separated lines.
    static func read(_ path: String, each: ([BenchSticker]) async throws -> Void) async throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandFailure("cannot read \(path)") }
        defer { try? handle.close() }
        var batch: [BenchSticker] = []
        var rest = Data()
        while true {
            let chunk = handle.readData(ofLength: 1 << 22)
            rest.append(chunk)
            var lines = rest.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            rest = chunk.isEmpty ? Data() : Data(lines.removeLast())
            for line in lines where !line.isEmpty {
                let f = line.split(separator: UInt8(ascii: "\t")).map { String(decoding: $0, as: UTF8.self) }
                guard f.count == 6, let id = UUID(uuidString: f[0]), let author = Int(f[1]), let visibility = Visibility(rawValue: f[2]),
                    let lat = Double(f[3]), let lon = Double(f[4])
                else { throw CommandFailure("\(path): malformed line '\(String(decoding: line, as: UTF8.self))'") }
                batch.append(
                    BenchSticker(
                        id: id, author: author, visibility: visibility, latitude: lat, longitude: lon,
                        sharedWith: f[5] == "-" ? [] : f[5].split(separator: ",").compactMap { Int($0) }))
                if batch.count == 2_000 {
                    try await each(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if chunk.isEmpty { break }
        }
        if !batch.isEmpty { try await each(batch) }
    }

    /// The benchmark's user n as an account id, the same in every engine.
    static func accountID(_ n: Int) -> Account.ID {
        Account.ID(String(format: "00000000-0000-4000-8000-%012x", n))!
    }
}

/// One query of the `nearby` benchmark.
struct BenchQuery {
    var latitude: Double
    var longitude: Double
    var radius: Double
    var viewer: Int

    static func read(_ path: String) throws -> [BenchQuery] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw CommandFailure("cannot read \(path)") }
        return try text.split(separator: "\n").map { line in
            let f = line.split(separator: "\t")
            guard f.count == 4, let lat = Double(f[0]), let lon = Double(f[1]), let r = Double(f[2]), let v = Int(f[3]) else {
                throw CommandFailure("\(path): malformed query '\(line)'")
            }
            return BenchQuery(latitude: lat, longitude: lon, radius: r, viewer: v)
        }
    }
}

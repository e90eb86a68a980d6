import ArgumentParser
import Foundation
import WorldLayerGeo

/// `worldlayer-bench`: in-process timings that `bench/run` collects (see bench/README.md) and a
/// walk rehearsed with the client library. Its own executable, never linked into `worldlayer`:
/// `load-stickers` writes rows straight into the database it is given.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worldlayer-bench", abstract: "Measure WorldLayer's own operations (used by bench/run), and rehearse a walk.",
        subcommands: [
            Geo.self, LoadStickersCommand.self, NearbyBenchCommand.self, LiveSubscribersCommand.self, LiveFloorCommand.self,
            RoutingBenchCommand.self,
            VisionBenchCommand.self, WalkCommand.self,
        ])

    struct Geo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "ns/op for inverse geodesics, point → cell and cover(100 m) on 'lat1 lon1 lat2 lon2' lines; prints JSON.")

        @Option(help: "File of 'lat1 lon1 lat2 lon2' lines.") var input: String
        @Option(help: "How many times to repeat each measurement; the fastest is kept.") var repeats = 5
        @Option(help: "Lines to run every operation on once first, untimed (other problems than --input's).") var warmup: String?

        func run() throws {
            let rows = try Self.lines(input)
            var sink = 0.0
            if let warmup {
                let warm = try Self.lines(warmup)
                _ = Self.measure(warm, repeats: 1, sink: &sink)
            }
            let (inverse, cell, cover) = Self.measure(rows, repeats: repeats, sink: &sink)
            FileHandle.standardError.write(Data("checksum \(sink)\n".utf8))
            print("{\"inverse_ns\": \(inverse), \"cell_ns\": \(cell), \"cover100_ns\": \(cover), \"lines\": \(rows.count)}")
        }

        static func lines(_ file: String) throws -> [[Double]] {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw ValidationError("cannot read \(file)") }
            let rows = text.split(separator: "\n").compactMap { line -> [Double]? in
                let v = line.split(separator: " ").compactMap { Double($0) }
                return v.count >= 4 ? v : nil
            }
            guard !rows.isEmpty else { throw ValidationError("\(file) has no 'lat1 lon1 lat2 lon2' lines") }
            return rows
        }

        /// ns/op of inverse geodesics, point → cell and cover(100 m) over `rows`.
        static func measure(_ rows: [[Double]], repeats: Int, sink: inout Double) -> (Double, Double, Double) {
            let g = Geodesic.wgs84
            var total = 0.0
            let inverse = best(repeats, count: rows.count) {
                // Every output used, as the peer's are: an unused azimuth could be optimised away here (the
                // geodesic inlines across modules), never in GeographicLib's library.
                for r in rows {
                    let line = g.inverse(latitude1: r[0], longitude1: r[1], latitude2: r[2], longitude2: r[3])
                    total += line.distance + line.initialAzimuth + line.finalAzimuth
                }
            }
            let cell = best(repeats, count: rows.count) {
                for r in rows { total += Double(CellGrid.cell(containing: Coordinate(latitude: r[0], longitude: r[1])).rawValue & 1) }
            }
            let coverRows = Array(rows.prefix(20_000))
            let cover = best(repeats, count: coverRows.count) {
                for r in coverRows {
                    total += Double((try? CellGrid.cover(center: Coordinate(latitude: r[0], longitude: r[1]), radius: 100))?.count ?? 0)
                }
            }
            sink += total
            return (inverse, cell, cover)
        }

        /// The fastest of several runs, in nanoseconds per operation.
        private static func best(_ repeats: Int, count: Int, _ body: () -> Void) -> Double {
            var fastest = Double.infinity
            for _ in 0..<max(1, repeats) {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
            }
            return (fastest * 10).rounded() / 10
        }
    }
}

/// The p-th percentile of sorted values, by nearest rank (as every suite reports it).
func percentile(_ sorted: [Double], _ p: Int) -> Double { sorted[min(sorted.count - 1, sorted.count * p / 100)] }

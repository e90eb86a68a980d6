import ArgumentParser
import Foundation
import WorldLayerGeo

struct GeoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geo",
        abstract: "Geodesy on the WGS84 ellipsoid, for surveyors and scripts.",
        subcommands: [GeoInverse.self, GeoDirect.self, GeoCell.self, GeoCover.self, GeoPlace.self])
}

/// Output precision in the manner of GeodSolve's -p: metres to `precision` places, angles to `precision + 5`.
struct PrecisionOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Decimal places for metres; angles get 5 more (GeodSolve's -p).")
    var precision = 3

    func validate() throws {
        guard (0...10).contains(precision) else { throw ValidationError("--precision must be between 0 and 10") }
    }

    var angleDecimals: Int { precision + 5 }

    /// Streams stdin lines of four numbers to stdout lines of three, GeodSolve style;
    /// exits 1 after the last line if any line was malformed.
    func transformLines(
        usage: String, decimals: (Int, Int, Int), _ compute: (UnsafeBufferPointer<Double>) throws -> (Double, Double, Double)
    ) throws {
        let ok = NumberLines(fieldCount: 4, usage: usage).run { v, out in
            do {
                let (a, b, c) = try compute(v)
                out.appendFixed(a, decimals: decimals.0)
                out.space()
                out.appendFixed(b, decimals: decimals.1)
                out.space()
                out.appendFixed(c, decimals: decimals.2)
                out.newline()
                return nil
            } catch let error as LineError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        if !ok { throw ExitCode(1) }
    }
}

/// Why one input line was skipped.
struct LineError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

struct GeoInverse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inverse",
        abstract: "Read 'lat1 lon1 lat2 lon2' lines on stdin; print 'azi1 azi2 s12' (degrees, metres).",
        discussion: "A malformed line is reported with its number on stderr and skipped; the exit status is 1 if any line failed.")

    @OptionGroup var output: PrecisionOptions

    func run() throws {
        let geodesic = Geodesic.wgs84
        try output.transformLines(usage: "lat1 lon1 lat2 lon2", decimals: (output.angleDecimals, output.angleDecimals, output.precision)) {
            v in
            guard abs(v[0]) <= 90, abs(v[2]) <= 90 else { throw LineError("latitudes must be within [-90, 90]") }
            let r = geodesic.inverse(latitude1: v[0], longitude1: v[1], latitude2: v[2], longitude2: v[3])
            return (r.initialAzimuth, r.finalAzimuth, r.distance)
        }
    }
}

struct GeoDirect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct",
        abstract: "Read 'lat1 lon1 azi1 s12' lines on stdin; print 'lat2 lon2 azi2'.",
        discussion: "A malformed line is reported with its number on stderr and skipped; the exit status is 1 if any line failed.")

    @OptionGroup var output: PrecisionOptions

    func run() throws {
        let geodesic = Geodesic.wgs84
        let d = output.angleDecimals
        try output.transformLines(usage: "lat1 lon1 azi1 s12", decimals: (d, d, d)) { v in
            guard abs(v[0]) <= 90 else { throw LineError("lat1 must be within [-90, 90]") }
            let r = geodesic.direct(from: Coordinate(latitude: v[0], longitude: v[1]), azimuth: v[2], distance: v[3])
            return (r.coordinate.latitude, r.coordinate.longitude, r.finalAzimuth)
        }
    }
}

/// A latitude and longitude given as two arguments.
struct PointArguments: ParsableArguments {
    @Argument(help: "Latitude in degrees.") var latitude: Double
    @Argument(help: "Longitude in degrees.") var longitude: Double

    func validate() throws {
        guard latitude.isFinite, abs(latitude) <= 90 else { throw ValidationError("latitude must be within [-90, 90]") }
        guard longitude.isFinite else { throw ValidationError("longitude must be a number") }
    }

    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

struct GeoCell: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cell", abstract: "Print the ~100 m cell a point falls in: id, bounds, centre, area.")

    @OptionGroup var point: PointArguments

    func run() {
        let id = CellGrid.cell(containing: point.coordinate)
        let b = CellGrid.bounds(of: id)
        let c = b.center
        print("id      \(id)")
        print("bounds  \(fixed(b.south)) \(fixed(b.west)) \(fixed(b.north)) \(fixed(b.east))")
        print("centre  \(fixed(c.latitude)) \(fixed(c.longitude))")
        print("area    \(String(format: "%.1f", CellGrid.area(of: id))) m²")
    }

    private func fixed(_ x: Double) -> String { String(format: "%.8f", x) }
}

struct GeoCover: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cover", abstract: "Print, one per line, the ids of every cell that a disc around a point touches.")

    @OptionGroup var point: PointArguments
    @Argument(help: "Radius in metres (at most 5000).") var radius: Double

    func run() throws {
        do {
            for id in try CellGrid.cover(center: point.coordinate, radius: radius) { print(id) }
        } catch {
            throw ValidationError(error.description)
        }
    }
}

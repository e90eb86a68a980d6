import Foundation
import Testing
import WorldLayerGeo

@Suite("The ~100 m cell grid")
struct CellTests {
    @Test("every band's cells are within ±20 % of 10,000 m² outside 1 km of the poles")
    func areas() {
        let poleMargin = 1_000.0 / 111_000  // degrees of latitude in 1 km, generously
        var worst = 0.0
        for row in 0..<CellGrid.rowCount {
            let south = -90 + Double(row) * CellGrid.rowHeight
            guard south - poleMargin >= -90, south + CellGrid.rowHeight + poleMargin <= 90 else { continue }
            let area = CellGrid.bandArea(row: row) / Double(CellGrid.columnCount(row: row))
            worst = max(worst, abs(area / CellGrid.targetArea - 1))
        }
        #expect(worst <= 0.2, "worst relative area error \(worst)")
    }

    @Test("the bands add up to the ellipsoid's area")
    func totalArea() {
        let total = (0..<CellGrid.rowCount).reduce(0.0) { $0 + CellGrid.bandArea(row: $1) }
        #expect(abs(total - 510_065_621_724_089) / total < 1e-9)
    }

    @Test("point → cell → bounds contains the point; ids round-trip through text")
    func pointToCell() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<50_000 {
            let p = Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            let id = CellGrid.cell(containing: p)
            let b = CellGrid.bounds(of: id)
            #expect(p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east)
            let text = id.description
            #expect(text.count == 8)
            #expect(CellID(text) == id)
            #expect(CellID(text.uppercased()) == id)
            #expect(CellID(rawValue: id.rawValue) == id)
        }
    }

    @Test("ids are stable: a known place keeps its id")
    func stableIDs() {
        let helsinki = CellGrid.cell(containing: Coordinate(latitude: 60.1699, longitude: 24.9384))
        #expect(helsinki.row == 166_855)
        #expect(CellGrid.center(of: helsinki).latitude > 60.169 && CellGrid.center(of: helsinki).latitude < 60.171)
    }

    @Test("malformed text ids are rejected", arguments: ["", "abc", "0000000a", "zzzzzzzz", "00000000x", "!!!!!!!!"])
    func badText(_ text: String) {
        #expect(CellID(text) == nil)
    }

    @Test("longitudes wrap: 180° and −180° are the same meridian")
    func wrap() {
        #expect(
            CellGrid.cell(containing: Coordinate(latitude: 10, longitude: 180))
                == CellGrid.cell(containing: Coordinate(latitude: 10, longitude: -180)))
        #expect(
            CellGrid.cell(containing: Coordinate(latitude: 10, longitude: 190))
                == CellGrid.cell(containing: Coordinate(latitude: 10, longitude: -170)))
    }

    @Test("neighbours: eight where bands line up, every touching cell, across the antimeridian too")
    func neighbours() {
        let geodesic = Geodesic.wgs84
        var rng = SplitMix64(seed: 13)
        var points = [
            Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: -33.9, longitude: 179.9999),
            Coordinate(latitude: 0, longitude: -180),
        ]
        for _ in 0..<200 { points.append(Coordinate(latitude: rng.uniform(-89, 89), longitude: rng.uniform(-180, 180))) }
        for p in points {
            let id = CellGrid.cell(containing: p)
            let ns = CellGrid.neighbours(of: id)
            #expect(ns.count >= 6 && ns.count <= 8)
            #expect(!ns.contains(id))
            // Every point just outside the cell's border lies in a neighbour.
            let c = CellGrid.center(of: id)
            for k in 0..<64 {
                let azimuth = Double(k) * 360 / 64
                // Find where the ray leaves the cell to a millimetre, then step just past it.
                var inside = 0.0
                var outside = 1.0
                while CellGrid.cell(containing: geodesic.direct(from: c, azimuth: azimuth, distance: outside).coordinate) == id {
                    inside = outside
                    outside += 1
                }
                while outside - inside > 1e-3 {
                    let mid = (inside + outside) / 2
                    if CellGrid.cell(containing: geodesic.direct(from: c, azimuth: azimuth, distance: mid).coordinate) == id {
                        inside = mid
                    } else {
                        outside = mid
                    }
                }
                let q = geodesic.direct(from: c, azimuth: azimuth, distance: outside).coordinate
                #expect(ns.contains(CellGrid.cell(containing: q)), "\(q) beside \(id) is not a neighbour")
            }
            for n in ns {
                #expect(CellGrid.distance(from: c, to: CellGrid.bounds(of: n)) < 80)
            }
        }
        let east = CellGrid.cell(containing: Coordinate(latitude: 5, longitude: 179.9999))
        let west = CellGrid.cell(containing: Coordinate(latitude: 5, longitude: -179.9999))
        #expect(CellGrid.neighbours(of: east).contains(west))
        let aligned = CellGrid.cell(containing: Coordinate(latitude: 0.0001, longitude: 10))
        #expect(CellGrid.neighbours(of: aligned).count == 8)
    }

    @Test("cover finds every cell a disc touches and none it does not")
    func coverProperty() throws {
        var rng = SplitMix64(seed: 9)
        let geodesic = Geodesic.wgs84
        for i in 0..<300 {
            let lat = i % 50 == 0 ? rng.uniform(89.95, 90) : rng.uniform(-89, 89)
            let center = Coordinate(latitude: lat, longitude: i % 7 == 0 ? rng.uniform(179.99, 180) : rng.uniform(-180, 180))
            let radius = pow(10, rng.uniform(0, 3.3))
            let cells = Set(try CellGrid.cover(center: center, radius: radius))
            // No cell missed: random points of the disc, and points on its rim.
            for _ in 0..<200 {
                let d = radius * rng.uniform(0, 1).squareRoot()
                let p = geodesic.direct(from: center, azimuth: rng.uniform(-180, 180), distance: d).coordinate
                #expect(cells.contains(CellGrid.cell(containing: p)), "missed point \(p) at \(d) m from \(center)")
            }
            // None outside: each cell has a point within the radius (checked by sampling its edges).
            for id in cells {
                let b = CellGrid.bounds(of: id)
                var nearest = Double.infinity
                for k in 0...40 {
                    let t = Double(k) / 40
                    for q in [
                        Coordinate(latitude: b.south + t * (b.north - b.south), longitude: b.west),
                        Coordinate(latitude: b.south + t * (b.north - b.south), longitude: b.east),
                        Coordinate(latitude: b.south, longitude: b.west + t * (b.east - b.west)),
                        Coordinate(latitude: b.north, longitude: b.west + t * (b.east - b.west)),
                    ] {
                        nearest = min(nearest, geodesic.inverse(center, q).distance)
                    }
                }
                if CellGrid.distance(from: center, to: b) > 0 {
                    #expect(nearest <= radius + 1, "\(id) is \(nearest) m away, radius \(radius)")
                }
            }
        }
    }

    @Test("a 100 m cover has a handful of cells")
    func coverSize() throws {
        let cells = try CellGrid.cover(center: Coordinate(latitude: 60.17, longitude: 24.94), radius: 100)
        #expect(cells.count >= 4 && cells.count <= 16)
    }

    @Test("a cover's cells form one run of consecutive ids per latitude band, two across the antimeridian")
    func coverRuns() throws {
        for center in [Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: -12.3, longitude: 179.995)] {
            let cells = try CellGrid.cover(center: center, radius: 1_000)
            let runs = CellID.runs(cells + cells.prefix(3))  // repeats are folded
            // A band's cells on both sides of the antimeridian are two runs (its last column, then column 0).
            let sides = Set(cells.map { "\($0.row) \(CellGrid.bounds(of: $0).center.longitude < 0)" })
            #expect(runs.count == sides.count)
            #expect(runs.count > Set(cells.map(\.row)).count || center.longitude < 179)
            var covered = Set<CellID>()
            for run in runs {
                #expect(run.lowerBound.row == run.upperBound.row)
                for column in run.lowerBound.column...run.upperBound.column {
                    covered.insert(CellID(rawValue: run.lowerBound.rawValue - UInt64(run.lowerBound.column) + UInt64(column))!)
                }
            }
            #expect(covered == Set(cells))
        }
        #expect(CellID.runs([]).isEmpty)
    }

    @Test("cover rejects bad input")
    func coverRejects() {
        #expect(throws: CellCoverError.self) { try CellGrid.cover(center: Coordinate(latitude: 91, longitude: 0), radius: 10) }
        #expect(throws: CellCoverError.self) { try CellGrid.cover(center: Coordinate(latitude: 0, longitude: 0), radius: -1) }
        #expect(throws: CellCoverError.self) { try CellGrid.cover(center: Coordinate(latitude: 0, longitude: .nan), radius: 1) }
        #expect(throws: CellCoverError.self) { try CellGrid.cover(center: Coordinate(latitude: 0, longitude: 0), radius: 1e9) }
    }
}

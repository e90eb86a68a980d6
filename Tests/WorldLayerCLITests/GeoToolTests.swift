import Foundation
import Testing

@Suite("worldlayer geo: pipe-friendly geodesy")
struct GeoToolTests {
    @Test("geo inverse prints azi1 azi2 s12, reports a bad line by number, and exits 1")
    func inverse() throws {
        let r = try CLI.run(["geo", "inverse"], stdin: "0 0 0 1\nnot numbers\n40.6 -73.8 51.6 -0.5\n95 0 0 0\n")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "90.00000000 90.00000000 111319.491")
        // JFK to LHR, the classic GeographicLib example: 5551.759 km.
        let jfk = lines.last?.split(separator: " ").compactMap { Double($0) } ?? []
        #expect(abs((jfk.last ?? 0) - 5_551_759.4) < 1)
        #expect(r.stderr.contains("line 2:") && r.stderr.contains("line 4:"))
        #expect(r.status == 1)
    }

    @Test("all good lines exit 0; -p sets the precision")
    func precision() throws {
        let r = try CLI.run(["geo", "inverse", "-p", "0"], stdin: "0 0 0 1\n")
        #expect(r.stdout == "90.00000 90.00000 111319\n")
        #expect(r.status == 0)
    }

    @Test("geo direct inverts geo inverse")
    func direct() throws {
        let r = try CLI.run(["geo", "direct"], stdin: "0 0 90 111319.4908\n")
        let v = r.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(v.count == 3 && abs(v[0]) < 1e-8 && abs(v[1] - 1) < 1e-8)
        #expect(r.status == 0)
    }

    @Test("geo cell and geo cover")
    func cells() throws {
        let cell = try CLI.run(["geo", "cell", "60.1699", "24.9384"])
        #expect(cell.stdout.hasPrefix("id      52y73ge0"))
        let cover = try CLI.run(["geo", "cover", "60.1699", "24.9384", "100"])
        #expect(cover.stdout.split(separator: "\n").contains("52y73ge0"))
        #expect(cover.status == 0)
    }

    @Test("geo place puts a point 100 m north at −z")
    func place() throws {
        let r = try CLI.run([
            "geo", "place", "--device-latitude", "0", "--device-longitude", "0", "--anchor-latitude", "0.0009", "--anchor-longitude", "0",
            "--altitude-mode", "relativeToDevice",
        ])
        #expect(r.stdout.contains("z -99.5"))
        #expect(r.status == 0)
    }

    @Test(
        "bad flags and arguments: one line on stderr and exit 64",
        arguments: [
            ["geo", "cell", "95", "0"], ["geo", "cover", "0", "0", "-5"], ["geo", "inverse", "--bogus"], ["serve", "--port", "70000"],
            ["user", "delete"], ["frobnicate"], ["serve", "--database", "mysql://x"],
        ])
    func usageErrors(_ arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("worldlayer: "))
    }

    @Test("--help works on every command")
    func help() throws {
        for args in [["--help"], ["serve", "--help"], ["user", "create", "--help"], ["geo", "inverse", "--help"], ["version"]] {
            let r = try CLI.run(args)
            #expect(r.status == 0 && !r.stdout.isEmpty, "\(args)")
        }
    }
}

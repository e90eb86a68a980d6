import Foundation
import WorldLayerClient

/// One simulated walk as an SVG: each beacon's true distance and the engine's smoothed estimate over
/// time, and below, which beacon was truly nearest, which the engine chose, and which the loudest
/// reading each second would have chosen.
enum BeaconPlot {
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]

    static func svg(_ walk: BeaconWalkSimulator.Walk) -> String {
        let width = 960.0, plotTop = 40.0, plotHeight = 240.0, left = 115.0, right = 20.0
        let seconds = Double(walk.path.count)
        let x = { (t: Double) in left + t / seconds * (width - left - right) }
        // The engine, second by second, with its distance estimates.
        var engine = BeaconProximityEngine(calibrations: Dictionary(uniqueKeysWithValues: walk.beacons.map { ($0.key, $0.calibration) }))
        var estimates: [[String: Double]] = []
        var next = 0
        for t in walk.path.indices {
            while next < walk.readings.count, walk.readings[next].time < Double(t + 1) {
                engine.add(walk.readings[next])
                next += 1
            }
            engine.update(at: Double(t + 1))
            estimates.append(Dictionary(uniqueKeysWithValues: engine.estimates(at: Double(t + 1)).map { ($0.key, $0.distance) }))
        }
        let maxDistance = 20.0
        let y = { (d: Double) in plotTop + plotHeight - min(d, maxDistance) / maxDistance * plotHeight }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="420" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="14">A simulated walk past \(walk.beacons.count) beacons: true distance (solid) and the engine's estimate (dashed)</text>

            """
        for d in stride(from: 0.0, through: maxDistance, by: 5) {
            out +=
                "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(y(d))\" y2=\"\(y(d))\" stroke=\"#ddd\"/><text x=\"\(left - 8)\" y=\"\(y(d) + 4)\" text-anchor=\"end\">\(Int(d)) m</text>\n"
        }
        for (i, b) in walk.beacons.enumerated() {
            let color = palette[i % palette.count]
            let truth = walk.path.enumerated().map { t, wx in "\(x(Double(t))),\(y(hypot(b.x - wx, b.y)))" }.joined(separator: " ")
            out += "<polyline points=\"\(truth)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            let estimated = estimates.enumerated().compactMap { t, e in e[b.key].map { "\(x(Double(t))),\(y($0))" } }.joined(separator: " ")
            out += "<polyline points=\"\(estimated)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n"
        }
        let lanes: [(String, [String?])] = [
            ("true nearest", walk.path.indices.map { walk.truth(at: $0) }), ("engine", walk.engineDecisions()),
            ("loudest reading", walk.strongestSignalDecisions()),
        ]
        let color = Dictionary(uniqueKeysWithValues: walk.beacons.enumerated().map { ($1.key, palette[$0 % palette.count]) })
        for (row, lane) in lanes.enumerated() {
            let top = 310.0 + Double(row) * 32
            out += "<text x=\"\(left - 8)\" y=\"\(top + 14)\" text-anchor=\"end\">\(lane.0)</text>\n"
            for (t, key) in lane.1.enumerated() {
                guard let key else { continue }
                out +=
                    "<rect x=\"\(x(Double(t)))\" y=\"\(top)\" width=\"\(x(Double(t + 1)) - x(Double(t)) + 0.3)\" height=\"20\" fill=\"\(color[key] ?? "#999")\"/>\n"
            }
        }
        out +=
            "<text x=\"\(width - right)\" y=\"412\" text-anchor=\"end\">seconds: 0–\(Int(seconds)); walker pauses at each beacon</text>\n</svg>\n"
        return out
    }
}

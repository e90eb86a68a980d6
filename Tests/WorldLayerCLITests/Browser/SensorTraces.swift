import Foundation
import WorldLayerGeo

/// Simulated phone sensors with the truth beside them, reproducible from a seed: what the sensor
/// filters in `Web/js/sensors/` are scored on.
struct HeadingTrace {
    var time: [Double] = [], truth: [Double] = [], gyroscope: [Double] = [], compass: [Double] = [], compassAccuracy: [Double] = []
    /// Sample indices inside a turn (where lag shows).
    var turning: [Int] = []

    /// A minute of walking at 50 Hz: a sway with each step, turns of 90°, −120°, a quick look aside
    /// and back, a U-turn; the gyroscope's zero is arbitrary and drifts, the compass is noisy
    /// (σ 8–12°) and, for six seconds, pulled 25–45° off by steel nearby.
    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let zero = random.uniform(0, 360), drift = random.uniform(-0.15, 0.15), noise = random.uniform(8, 12)
        let start = random.uniform(0, 360), disturbance = random.uniform(25, 45) * (random.next() % 2 == 0 ? 1 : -1)
        let disturbedFrom = random.uniform(28, 34)
        // (start time, duration, change in degrees)
        let turns: [(Double, Double, Double)] = [(10, 1.5, 90), (22, 2, -120), (38, 0.6, 60), (41, 0.6, -60), (50, 3, 180)]
        for i in 0..<3000 {
            let t = Double(i) / 50
            var heading = start + 3 * sin(2 * .pi * 0.9 * t)
            for (from, duration, change) in turns {
                let done = min(1, max(0, (t - from) / duration))
                heading += change * (1 - cos(.pi * done)) / 2  // smooth in and out, as a person turns
                if done > 0 && done < 1 { turning.append(i) }
            }
            let pulled = t >= disturbedFrom && t < disturbedFrom + 6 ? disturbance * sin(.pi * (t - disturbedFrom) / 6) : 0
            time.append(t)
            truth.append(Self.wrap(heading))
            gyroscope.append(Self.wrap(heading - zero + drift * t + 0.3 * random.gaussian()))
            compass.append(Self.wrap(heading + pulled + noise * random.gaussian()))
            compassAccuracy.append(15)
        }
    }

    static func wrap(_ degrees: Double) -> Double {
        (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    }
    static func difference(_ a: Double, _ b: Double) -> Double { (a - b + 540).truncatingRemainder(dividingBy: 360) - 180 }

    /// Root mean square error of `estimate` against the truth, after the first `settle` seconds.
    func rms(_ estimate: [Double], settle: Double = 2) -> Double {
        let kept = time.indices.filter { time[$0] >= settle }
        return (kept.map { pow(Self.difference(estimate[$0], truth[$0]), 2) }.reduce(0, +) / Double(kept.count)).squareRoot()
    }

    /// The delay (seconds) that best lines `estimate` up with the truth during turns.
    func lag(_ estimate: [Double]) -> Double {
        let shifts = 0...25  // up to half a second
        let best = shifts.min { a, b in turnError(estimate, shift: a) < turnError(estimate, shift: b) } ?? 0
        return Double(best) / 50
    }

    private func turnError(_ estimate: [Double], shift: Int) -> Double {
        turning.filter { $0 >= shift }.map { pow(Self.difference(estimate[$0], truth[$0 - shift]), 2) }.reduce(0, +)
    }
}

/// A walk of a few minutes with a GPS fix a second: accuracies of 4–12 m reported, errors of about
/// that size, and jumps of 40–120 m (reported as no worse than usual) lasting one to four fixes; then
/// a tram ride at 10 m/s and walking again.
struct PositionTrace {
    static let origin = (latitude: 60.1695, longitude: 24.9525)
    var time: [Double] = [], east: [Double] = [], north: [Double] = []
    var fixes: [(latitude: Double, longitude: Double, accuracy: Double)] = []
    var jumped: Set<Int> = []
    let walkEnds = 240, tramEnds = 300

    init(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var x = 0.0, y = 0.0, heading = random.uniform(0, 2 * .pi)
        var jumpLeft = 0, jump = (0.0, 0.0)
        for i in 0..<360 {
            let speed = i < walkEnds ? 1.4 : i < tramEnds ? 10 : 1.4
            heading += 0.05 * random.gaussian()
            x += speed * sin(heading)
            y += speed * cos(heading)
            let accuracy = random.uniform(4, 12)
            var (ex, ey) = (accuracy / 1.5 * random.gaussian(), accuracy / 1.5 * random.gaussian())
            if jumpLeft == 0, i > 10, i < walkEnds - 10, random.uniform(0, 1) < 0.04 {
                jumpLeft = Int(random.uniform(1, 4.99))
                let size = random.uniform(40, 120), direction = random.uniform(0, 2 * .pi)
                jump = (size * sin(direction), size * cos(direction))
            }
            if jumpLeft > 0 {
                jumpLeft -= 1
                ex += jump.0
                ey += jump.1
                jumped.insert(i)
            }
            time.append(Double(i))
            east.append(x)
            north.append(y)
            let (lat, lon) = Self.coordinate(east: x + ex, north: y + ey)
            fixes.append((lat, lon, accuracy))
        }
    }

    static func coordinate(east: Double, north: Double) -> (Double, Double) {
        (origin.latitude + north / 111_320, origin.longitude + east / (111_320 * cos(origin.latitude * .pi / 180)))
    }

    /// Metres between a latitude and longitude and the truth at sample `i`.
    func error(_ i: Int, _ latitude: Double, _ longitude: Double) -> Double {
        let north = (latitude - Self.origin.latitude) * 111_320
        let east = (longitude - Self.origin.longitude) * 111_320 * cos(Self.origin.latitude * .pi / 180)
        return hypot(east - self.east[i], north - self.north[i])
    }
}

import Foundation
import WorldLayerGeo

/// Simulated indoor walks past BLE beacons, with the ground truth of which beacon is nearest.
///
/// A walker goes along a corridor past 3–6 beacons mounted 1–2.5 m off the path, 5–16 m apart,
/// pausing at each for a while (as a tour group does), at 0.8–1.4 m/s. Every beacon is ranged
/// once a second (CoreLocation's rate). Each reading follows the log-distance model with the
/// beacon's true power (which differs from its calibrated value by up to ±3 dB), Gaussian noise,
/// occasional deep fades (a body or a door in the way), and dropouts.
public struct BeaconWalkSimulator: Sendable {
    public struct Noise: Sendable {
        public var sigma: Double = 4
        public var fadeProbability: Double = 0.05
        public var fadeDepth: Double = 12
        public var dropoutProbability: Double = 0.15
        public var calibrationError: Double = 3
        public var pathLossExponent: Double = 2.2

        public init() {}
    }

    public struct Beacon: Sendable {
        public var key: String
        /// Metres along the corridor and off it.
        public var x: Double
        public var y: Double
        public var calibration: BeaconCalibration
        /// The power it really transmits at (its calibration is off by a little).
        public var truePower: Double
    }

    public struct Walk: Sendable {
        public var beacons: [Beacon]
        /// The walker's x along the corridor at each whole second.
        public var path: [Double]
        public var readings: [BeaconReading]

        /// The beacon truly nearest at second `t`.
        public func truth(at t: Int) -> String {
            let x = path[min(max(t, 0), path.count - 1)]
            return beacons.min { hypot($0.x - x, $0.y) < hypot($1.x - x, $1.y) }!.key
        }

        /// Readings as CSV: `time,beacon,rssi,walker_x,true_nearest`.
        public var csv: String {
            var lines = ["time,beacon,rssi,walker_x,true_nearest"]
            for r in readings {
                let t = Int(r.time)
                lines.append(String(format: "%.2f,%@,%.1f,%.2f,%@", r.time, r.key, r.rssi, path[min(t, path.count - 1)], truth(at: t)))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    public var noise: Noise

    public init(noise: Noise = .init()) { self.noise = noise }

    public func walk(seed: UInt64) -> Walk {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 3...6, using: &rng)
        var beacons: [Beacon] = []
        var x = 2.0
        for i in 0..<count {
            let nominal = Double.random(in: -65 ... -55, using: &rng)
            beacons.append(
                Beacon(
                    key: "F7826DA6-4FA2-4E98-8024-BC5B71E0893E/1/\(i + 1)", x: x,
                    y: Double.random(in: 1...2.5, using: &rng) * (Bool.random(using: &rng) ? 1 : -1),
                    calibration: BeaconCalibration(txPower: nominal, pathLossExponent: noise.pathLossExponent),
                    truePower: nominal + Double.random(in: -noise.calibrationError...noise.calibrationError, using: &rng)))
            x += Double.random(in: 5...16, using: &rng)
        }
        // The walk: start before the first beacon, pause at each, end past the last.
        var path: [Double] = []
        var position = 0.0
        let speed = Double.random(in: 0.8...1.4, using: &rng)
        for b in beacons {
            while position < b.x {
                path.append(position)
                position = min(position + speed, b.x)
            }
            for _ in 0..<Int.random(in: 5...20, using: &rng) { path.append(b.x) }
        }
        for _ in 0..<6 {
            path.append(position)
            position += speed
        }
        var readings: [BeaconReading] = []
        for (t, wx) in path.enumerated() {
            for b in beacons {
                if Double.random(in: 0..<1, using: &rng) < noise.dropoutProbability { continue }
                let d = max(hypot(b.x - wx, b.y), 0.1)
                var rssi = b.truePower - 10 * noise.pathLossExponent * log10(d) + noise.sigma * rng.gaussian()
                if Double.random(in: 0..<1, using: &rng) < noise.fadeProbability { rssi -= noise.fadeDepth }
                readings.append(
                    BeaconReading(key: b.key, rssi: min(rssi, -1).rounded(), time: Double(t) + Double.random(in: 0..<0.9, using: &rng)))
            }
        }
        readings.sort { $0.time < $1.time }
        return Walk(beacons: beacons, path: path, readings: readings)
    }
}

import Foundation

/// One RSSI reading of one beacon, as CoreLocation's ranging or a BLE scan delivers it.
public struct BeaconReading: Sendable, Equatable {
    /// `UUID/major/minor`.
    public var key: String
    /// dBm; 0 means "no signal this time" on iOS and is ignored.
    public var rssi: Double
    /// Seconds on any monotonic clock.
    public var time: TimeInterval

    public init(key: String, rssi: Double, time: TimeInterval) {
        self.key = key
        self.rssi = rssi
        self.time = time
    }
}

/// How a beacon's signal falls off: RSSI at 1 m and the path-loss exponent (2 in free space, 2–3 indoors).
public struct BeaconCalibration: Sendable, Equatable {
    public var txPower: Double
    public var pathLossExponent: Double

    public init(txPower: Double = -59, pathLossExponent: Double = 2.2) {
        self.txPower = txPower
        self.pathLossExponent = pathLossExponent
    }

    /// Metres at which this beacon is received at `rssi` (log-distance model).
    public func distance(rssi: Double) -> Double {
        pow(10, (txPower - rssi) / (10 * pathLossExponent))
    }
}

/// Turns a stream of RSSI readings into a smoothed distance per beacon and a nearest beacon that
/// neither flickers nor lags: a Kalman filter per beacon on RSSI (a random walk whose variance grows
/// with the time since the last reading, so a gap is trusted less), the log-distance model with the
/// beacon's own calibration, and hysteresis on the choice of the nearest — a challenger must be
/// clearly nearer (`margin`) for `holdTime` seconds before it takes over, unless the current one is lost.
public struct BeaconProximityEngine: Sendable {
    public struct Tuning: Sendable, Equatable {
        // Defaults chosen on 200 simulated walks (`worldlayer beacons simulate`): the shortest delay
        // that keeps wrong switches well under one per walk.
        /// Variance of a reading, dB² (σ ≈ 4–6 dB indoors).
        public var measurementVariance: Double = 30
        /// How fast the true RSSI may drift while walking, dB² per second.
        public var processVariance: Double = 12
        /// A beacon unheard for this long is out of range.
        public var lostAfter: TimeInterval = 6
        /// A challenger must be nearer by this fraction of the current beacon's distance…
        public var margin: Double = 0.1
        /// …for this long.
        public var holdTime: TimeInterval = 1

        public init() {}
    }

    public struct Estimate: Sendable, Equatable {
        public var key: String
        public var rssi: Double
        public var distance: Double
        /// One standard deviation of the smoothed RSSI, dB.
        public var uncertainty: Double
        public var lastHeard: TimeInterval
    }

    private struct Track: Sendable {
        var rssi: Double
        var variance: Double
        var time: TimeInterval
    }

    public var tuning: Tuning
    private let calibrations: [String: BeaconCalibration]
    private let fallback: BeaconCalibration
    private var tracks: [String: Track] = [:]
    private var challenger: (key: String, since: TimeInterval)?
    public private(set) var nearest: String?

    public init(calibrations: [String: BeaconCalibration], fallback: BeaconCalibration = .init(), tuning: Tuning = .init()) {
        self.calibrations = calibrations
        self.fallback = fallback
        self.tuning = tuning
    }

    /// Feeds one reading; returns the nearest beacon after it.
    @discardableResult
    public mutating func add(_ reading: BeaconReading) -> String? {
        if reading.rssi < 0 {
            if var t = tracks[reading.key] {
                let predicted = t.variance + tuning.processVariance * max(reading.time - t.time, 0)
                let gain = predicted / (predicted + tuning.measurementVariance)
                t.rssi += gain * (reading.rssi - t.rssi)
                t.variance = (1 - gain) * predicted
                t.time = reading.time
                tracks[reading.key] = t
            } else {
                tracks[reading.key] = Track(rssi: reading.rssi, variance: tuning.measurementVariance, time: reading.time)
            }
        }
        return update(at: reading.time)
    }

    /// Re-decides the nearest at `time` (call on a timer too, so a beacon that falls silent is dropped).
    @discardableResult
    public mutating func update(at time: TimeInterval) -> String? {
        tracks = tracks.filter { time - $0.value.time <= tuning.lostAfter }
        let ranked = estimates(at: time)
        guard let best = ranked.first else {
            nearest = nil
            challenger = nil
            return nil
        }
        guard let current = nearest, let now = ranked.first(where: { $0.key == current }) else {
            nearest = best.key
            challenger = nil
            return nearest
        }
        if best.key != current, best.distance < now.distance * (1 - tuning.margin) {
            if challenger?.key != best.key { challenger = (best.key, time) }
            if let c = challenger, time - c.since >= tuning.holdTime {
                nearest = c.key
                challenger = nil
            }
        } else {
            challenger = nil
        }
        return nearest
    }

    /// Every beacon in range, nearest first.
    public func estimates(at time: TimeInterval) -> [Estimate] {
        tracks.map { key, t in
            let calibration = calibrations[key] ?? fallback
            return Estimate(
                key: key, rssi: t.rssi, distance: calibration.distance(rssi: t.rssi), uncertainty: t.variance.squareRoot(),
                lastHeard: t.time)
        }
        .sorted { ($0.distance, $0.key) < ($1.distance, $1.key) }
    }
}

import Foundation

/// How well a way of choosing the nearest beacon follows the truth on simulated walks.
public struct NearestBeaconEvaluation: Sendable, Equatable {
    /// Seconds from the truth changing to the chooser agreeing, one per change it caught.
    public var delays: [Double]
    /// Changes it never caught before the truth moved on.
    public var missed: Int
    /// Switches to a beacon that was not the nearest at that moment.
    public var wrongSwitches: Int
    /// Seconds on which it named the true nearest, of all seconds.
    public var agreeing: Int
    public var seconds: Int
    public var walks: Int

    public init() {
        delays = []
        missed = 0
        wrongSwitches = 0
        agreeing = 0
        seconds = 0
        walks = 0
    }

    public var medianDelay: Double { percentile(0.5) }
    public var p90Delay: Double { percentile(0.9) }
    public var wrongSwitchesPerWalk: Double { walks == 0 ? 0 : Double(wrongSwitches) / Double(walks) }
    public var agreement: Double { seconds == 0 ? 0 : Double(agreeing) / Double(seconds) }

    private func percentile(_ q: Double) -> Double {
        guard !delays.isEmpty else { return 0 }
        let sorted = delays.sorted()
        return sorted[min(sorted.count - 1, Int((q * Double(sorted.count - 1)).rounded()))]
    }

    /// Scores the chooser's answer at each whole second of a walk against the walk's truth.
    public mutating func add(_ walk: BeaconWalkSimulator.Walk, decisions: [String?]) {
        walks += 1
        let truth = walk.path.indices.map { walk.truth(at: $0) }
        var previous: String?
        for t in truth.indices {
            seconds += 1
            if decisions[t] == truth[t] { agreeing += 1 }
            if let d = decisions[t], d != previous, d != truth[t], previous != nil { wrongSwitches += 1 }
            previous = decisions[t]
        }
        for t0 in truth.indices.dropFirst() where truth[t0] != truth[t0 - 1] {
            let end = truth[t0...].firstIndex { $0 != truth[t0] } ?? truth.count
            if let caught = (t0..<end).first(where: { decisions[$0] == truth[t0] }) {
                delays.append(Double(caught - t0))
            } else {
                missed += 1
            }
        }
    }
}

extension BeaconWalkSimulator.Walk {
    /// The engine's nearest at each whole second, fed the readings as they arrive.
    public func engineDecisions(tuning: BeaconProximityEngine.Tuning = .init()) -> [String?] {
        var engine = BeaconProximityEngine(
            calibrations: Dictionary(uniqueKeysWithValues: beacons.map { ($0.key, $0.calibration) }), tuning: tuning)
        var next = readings.startIndex
        return path.indices.map { t in
            while next < readings.endIndex, readings[next].time < Double(t + 1) {
                engine.add(readings[next])
                next += 1
            }
            return engine.update(at: Double(t + 1))
        }
    }

    /// The naive choice: whichever beacon was loudest in the last second (what a raw RSSI sort gives).
    public func strongestSignalDecisions() -> [String?] {
        var current: String?
        return path.indices.map { t in
            let heard = readings.filter { $0.time >= Double(t) && $0.time < Double(t + 1) }
            if let loudest = heard.max(by: { $0.rssi < $1.rssi }) { current = loudest.key }
            return current
        }
    }
}

import Foundation
import Testing
import WorldLayerClient

@Suite("Beacon proximity on simulated walks")
struct BeaconProximityTests {
    static let walks = (1...200).map { BeaconWalkSimulator().walk(seed: UInt64($0)) }

    @Test("the log-distance model inverts: a beacon heard at its 1 m power is 1 m away, 10 dB·n weaker is 10 m")
    func model() {
        let c = BeaconCalibration(txPower: -59, pathLossExponent: 2)
        #expect(abs(c.distance(rssi: -59) - 1) < 1e-9)
        #expect(abs(c.distance(rssi: -79) - 10) < 1e-9)
    }

    @Test("the engine follows the true nearest beacon with few wrong switches, far fewer than the loudest-signal choice")
    func followsTheWalk() {
        var engine = NearestBeaconEvaluation(), naive = NearestBeaconEvaluation()
        for walk in Self.walks {
            engine.add(walk, decisions: walk.engineDecisions())
            naive.add(walk, decisions: walk.strongestSignalDecisions())
        }
        print(
            "engine: median delay \(engine.medianDelay) s, p90 \(engine.p90Delay) s, wrong switches/walk \(engine.wrongSwitchesPerWalk), missed \(engine.missed), agreement \(engine.agreement)"
        )
        print(
            "naive:  median delay \(naive.medianDelay) s, p90 \(naive.p90Delay) s, wrong switches/walk \(naive.wrongSwitchesPerWalk), missed \(naive.missed), agreement \(naive.agreement)"
        )
        #expect(engine.agreement > 0.85)
        #expect(engine.wrongSwitchesPerWalk < 0.3)
        #expect(engine.wrongSwitches * 10 < naive.wrongSwitches)
        #expect(engine.p90Delay <= 6)
        #expect(engine.missed * 20 < engine.delays.count)
    }
}

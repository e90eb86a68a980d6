import Foundation
import Testing
import WorldLayerGeo

@testable import WorldLayerCore

/// The wire's times, written by hand, are what Foundation's ISO 8601 style writes: whole
/// milliseconds, sub-millisecond fractions (truncated as Foundation truncates them), before 1970,
/// across leap days and far years (where the hand writer hands over to Foundation).
struct WireTimeTests {
    @Test func writesWhatFoundationWrites() {
        var rng = SplitMix64(seed: 2026)
        var seconds: [Double] = [0, -0.001, 951_782_400, 951_868_799.999, 4_107_542_400, -62_135_596_800, 253_402_300_799.999, 1e12]
        for i in 0..<100_000 {
            switch i % 4 {
            case 0: seconds.append(Double.random(in: -2e9...4e9, using: &rng))
            case 1:
                seconds.append(Double(Int.random(in: 0...4_000_000_000, using: &rng)) + Double(Int.random(in: 0...999, using: &rng)) / 1000)
            case 2:
                seconds.append(
                    Double(Int.random(in: 0...4_000_000_000, using: &rng)) + Double(Int.random(in: 0...9999, using: &rng)) / 10000)
            default: seconds.append(1_795_394_209 + Double.random(in: -1e6...1e6, using: &rng))
            }
        }
        for t in seconds {
            let date = Date(timeIntervalSince1970: t)
            let expected = WireJSON.foundationTime(date)
            #expect(WireJSON.time(date) == expected, "\(t)")
            if WireJSON.time(date) != expected { break }
        }
    }
}

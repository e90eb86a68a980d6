import Foundation
import WorldLayerGeo

/// Seeded mutations of bytes, as a fuzzer makes them, for parsers that libFuzzer cannot be built
/// around (those behind C libraries, or reached only through the server): bits flipped, bytes set,
/// ranges cut, repeated and truncated, and tokens of the format put in. The same seed makes the same
/// inputs, so a failure names an input that can be made again.
public struct Mutator {
    private var random: SplitMix64

    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// `base` rounds, times `WORLDLAYER_FUZZ_SCALE` when set: the test pass runs a short bounded run,
    /// `WORLDLAYER_FUZZ_SCALE=50 swift test --filter Fuzz` a longer one.
    public static func rounds(_ base: Int) -> Int {
        base * max(1, Int(ProcessInfo.processInfo.environment["WORLDLAYER_FUZZ_SCALE"] ?? "") ?? 1)
    }

    public mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// `input` with one to four mutations.
    public mutating func mutate(_ input: [UInt8], tokens: [[UInt8]] = []) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            let at = below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= 1 << UInt8(below(8))
            case 1 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: next())
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + below(16)))
            case 3:
                let from = below(bytes.count + 1)
                let range = from..<min(bytes.count, from + 1 + below(64))
                bytes.insert(contentsOf: Array(bytes[range]), at: at)
            case 4 where !tokens.isEmpty: bytes.insert(contentsOf: tokens[below(tokens.count)], at: at)
            case 5: bytes.removeSubrange(at..<bytes.count)
            default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
            }
        }
        return bytes
    }
}

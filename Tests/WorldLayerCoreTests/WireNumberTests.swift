import Foundation
import Testing
import WorldLayerCore

/// Numbers written to a known number of places (``WireJSONWriter/number(_:decimals:)``), as a route's are.
@Suite("Numbers written to a precision")
struct WireNumberTests {
    static func written(_ value: Double, _ decimals: Int) -> String {
        var w = WireJSONWriter()
        w.number(value, decimals: decimals)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test func roundedWithoutTrailingZeros() {
        #expect(Self.written(60.169202500000004, 7) == "60.1692025")
        #expect(Self.written(24.951058900000003, 7) == "24.9510589")
        #expect(Self.written(100.10, 2) == "100.1")
        #expect(Self.written(-12.345678, 2) == "-12.35")
        #expect(Self.written(0.004, 2) == "0")
        #expect(Self.written(-0.004, 2) == "0")
        #expect(Self.written(-0.0, 7) == "0")
        #expect(Self.written(5, 2) == "5")
        #expect(Self.written(0.05, 2) == "0.05")
        #expect(Self.written(-0.0000001, 7) == "-0.0000001")
        #expect(Self.written(359.999, 2) == "360")
        #expect(Self.written(1.5, 0) == "2")
        #expect(Self.written(12_345.123456789, 9) == "12345.123456789")
    }

    @Test func whatCannotBeWrittenSoIsWrittenInFull() {
        var full = WireJSONWriter()
        full.number(1e20)
        #expect(Self.written(1e20, 2) == String(decoding: full.bytes, as: UTF8.self))
        #expect(Self.written(9.1e8, 7) == "910000000")
    }

    /// A writer's buffer grows as it fills, keeping what was written.
    @Test func aWriterGrowsPastItsFirstCapacity() throws {
        var w = WireJSONWriter(capacity: 1)
        let values = (0..<5_000).map { Double($0) * 1.25 - 100 }
        w.array(values) { w, x in w.object { w in w.key("x", x) } }
        let read = try JSONDecoder().decode([[String: Double]].self, from: Data(w.bytes))
        #expect(read.map { $0["x"] } == values)
    }

    /// On random numbers of every size: read back within half the last place written, and
    /// what `JSONEncoder` writes for the number read back (it has no more places than were written).
    @Test func readBackWithinHalfThePlaceAndAsJSONEncoderWritesIt() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...9, using: &generator)
            let value = Double.random(in: -1...1, using: &generator) * pow(10, Double.random(in: -3...6, using: &generator))
            let text = Self.written(value, decimals)
            let read = try #require(Double(text), "\(value) as \(text)")
            #expect(abs(read - value) <= 0.5 * pow(10, -Double(decimals)) * (1 + 1e-9) + value.ulp, "\(value) to \(decimals): \(text)")
            #expect(!text.contains(".") || (!text.hasSuffix("0") && text.split(separator: ".")[1].count <= decimals), "\(text)")
            guard read == 0 || abs(read) >= 1e-4 else { continue }  // JSONEncoder writes those with an exponent
            #expect(text == String(decoding: try JSONEncoder().encode(read), as: UTF8.self), "\(value) to \(decimals)")
        }
    }
}

import Foundation
import Testing

@testable import WorldLayerStore

@Suite("Reading numbers from stored JSON")
struct JSONNumberTests {
    /// What the scanner reads from `text`, as one JSON value.
    static func scanned(_ text: String) throws -> Double {
        var bytes = Array(text.utf8) + [UInt8(ascii: ",")]
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            var scanner = JSONScanner(UnsafeBufferPointer(buffer))
            return try scanner.number()
        }
    }

    @Test("short decimals (the fast path) read as the same double as the full parser, bit for bit")
    func sameAsStrtod() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let point = Int.random(in: 0...digits, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: max(point, 1))) }
            if Bool.random(using: &generator) { text = "-" + text }
            let expected = try #require(Double(text))
            #expect(try Self.scanned(text).bitPattern == expected.bitPattern, "\(text)")
        }
        for text in ["0", "-0", "60.1699", "24.9384", "1795394209572.1167", "0.30000000000000004", "1e5", "-2.5E-3", "123456789012345.6"] {
            #expect(try Self.scanned(text).bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }
}

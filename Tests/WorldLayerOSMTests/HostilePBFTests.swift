import Foundation
import Testing
import WorldLayerGeo

@testable import WorldLayerOSM

/// A hostile PBF is an `OSMReadError`, never a crash: sizes, offsets and coordinates that overflow,
/// and a bounded fuzz of a small primitive block.
@Suite("Hostile PBF files")
struct HostilePBFTests {
    /// Protobuf encoding, just enough to write a PrimitiveBlock.
    enum Proto {
        static func varint(_ value: UInt64) -> [UInt8] {
            var v = value, out: [UInt8] = []
            repeat {
                out.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
                v >>= 7
            } while v != 0
            return out
        }
        static func sint(_ value: Int64) -> [UInt8] { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
        static func field(_ number: UInt64, varint value: UInt64) -> [UInt8] { varint(number << 3) + varint(value) }
        static func field(_ number: UInt64, bytes: [UInt8]) -> [UInt8] { varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes }
        static func packed(_ number: UInt64, _ values: [Int64]) -> [UInt8] { field(number, bytes: values.flatMap(sint)) }
    }

    /// A block with a string table, dense nodes at `lats`/`lons` and a way over them.
    static func block(granularity: UInt64 = 100, latOffset: UInt64 = 0, lats: [Int64], lons: [Int64]) -> [UInt8] {
        let strings = Proto.field(
            1, bytes: Proto.field(1, bytes: []) + Proto.field(1, bytes: Array("name".utf8)) + Proto.field(1, bytes: Array("x".utf8)))
        let ids = Array(repeating: Int64(1), count: lats.count)
        let dense =
            Proto.packed(1, ids) + Proto.packed(8, lats) + Proto.packed(9, lons)
            + Proto.field(10, bytes: Array(repeating: 0, count: lats.count))
        let way = Proto.field(1, varint: 7) + Proto.packed(8, ids)
        let group = Proto.field(2, bytes: dense) + Proto.field(3, bytes: way)
        return strings + Proto.field(2, bytes: group) + Proto.field(17, varint: granularity) + Proto.field(19, varint: latOffset)
    }

    static func decode(_ bytes: [UInt8]) throws -> Int {
        var count = 0
        try bytes.withUnsafeBytes { try PBFReader.decodePrimitiveBlock(ProtobufReader($0), block: 1) { _ in count += 1 } }
        return count
    }

    @Test("a well-formed block decodes (the fuzz below starts from something real)")
    func wellFormed() throws {
        #expect(try Self.decode(Self.block(lats: [601_699_000, 10], lons: [249_384_000, 10])) == 3)
    }

    @Test("coordinates, granularity and offsets that overflow 64 bits are errors")
    func overflowingCoordinates() throws {
        #expect(throws: OSMReadError.self) { try Self.decode(Self.block(granularity: UInt64.max, lats: [Int64.max], lons: [1])) }
        #expect(throws: OSMReadError.self) {
            try Self.decode(Self.block(latOffset: UInt64(bitPattern: Int64.max), lats: [Int64.max / 100], lons: [1]))
        }
        #expect(throws: OSMReadError.self) { try Self.decode(Self.block(lats: [Int64.min, Int64.min], lons: [0, 0])) }
    }

    @Test("a field length or block size near 2⁶⁴ is an error, not a trap")
    func hugeLengths() throws {
        let huge = Proto.varint(UInt64.max)
        #expect(throws: OSMReadError.self) { try Self.decode([0x0A] + huge) }
        // A file whose block header declares an enormous data size.
        let header = Proto.field(1, bytes: Array("OSMData".utf8)) + Proto.field(3, varint: UInt64.max)
        let file = Data([0, 0, 0, UInt8(header.count)] + header + [0, 0, 0, 0])
        let url = try scratchFile("huge.osm.pbf", file)
        #expect(throws: OSMReadError.self) { try PBFReader.read(url) { _ in } }
    }

    @Test("2,000 random corruptions of a block each decode or throw; none crashes")
    func fuzz() throws {
        var rng = SplitMix64(seed: 27)
        let original = Self.block(lats: [601_699_000, 10, -5], lons: [249_384_000, 10, 3])
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 3 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.insert(contentsOf: Proto.varint(rng.next()), at: i)
                default: bytes.removeSubrange(i..<min(bytes.count, i + Int(rng.next() % 8)))
                }
                if bytes.isEmpty { bytes = [0] }
            }
            _ = try? Self.decode(bytes)
        }
    }
}

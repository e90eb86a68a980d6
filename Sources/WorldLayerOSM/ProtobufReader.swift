import Foundation

/// Reads Protocol Buffers wire format: just what OSM PBF needs (varints, zigzag,
/// length-delimited fields, packed arrays), with every read bounds-checked so a
/// corrupt file is an error, never a crash.
struct ProtobufReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    private let end: Int

    init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>? = nil) {
        self.bytes = bytes
        self.offset = range?.lowerBound ?? 0
        self.end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw OSMReadError("truncated or malformed varint at byte \(offset)") }
            let b = bytes[offset]
            offset += 1
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func sint64() throws -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// The next field's number and wire type.
    mutating func key() throws -> (field: Int, wireType: Int) {
        let k = try varint()
        return (Int(k >> 3), Int(k & 7))
    }

    /// The byte range of a length-delimited field.
    mutating func lengthDelimited() throws -> Range<Int> {
        let length = Int(clamping: try varint())
        guard length >= 0, length <= end - offset else { throw OSMReadError("a field runs past the end of its block (byte \(offset))") }
        defer { offset += length }
        return offset..<(offset + length)
    }

    mutating func skip(wireType: Int) throws {
        switch wireType {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2: _ = try lengthDelimited()
        case 5: try advance(4)
        default: throw OSMReadError("unknown protobuf wire type \(wireType) at byte \(offset)")
        }
    }

    private mutating func advance(_ n: Int) throws {
        guard n <= end - offset else { throw OSMReadError("truncated field at byte \(offset)") }
        offset += n
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A copy of the bytes in `range`.
    func data(_ range: Range<Int>) -> Data { Data(UnsafeRawBufferPointer(rebasing: bytes[range])) }

    func sub(_ range: Range<Int>) -> ProtobufReader { ProtobufReader(bytes, range: range) }

    /// A packed repeated varint field.
    func packedVarints(_ range: Range<Int>) throws -> [UInt64] {
        var r = sub(range)
        var out: [UInt64] = []
        while !r.isAtEnd { out.append(try r.varint()) }
        return out
    }

    func packedSInt64(_ range: Range<Int>) throws -> [Int64] {
        var r = sub(range)
        var out: [Int64] = []
        while !r.isAtEnd { out.append(try r.sint64()) }
        return out
    }
}

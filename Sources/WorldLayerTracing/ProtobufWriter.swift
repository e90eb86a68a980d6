/// Protocol Buffers' wire format, written by hand for the few messages OTLP needs
/// (https://protobuf.dev/programming-guides/encoding/): no generated code, no plugin to build.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private mutating func tag(_ field: Int, _ type: WireType) { varint(UInt64(field) << 3 | type.rawValue) }

    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private mutating func little<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func uint(_ field: Int, _ value: UInt64) {
        tag(field, .varint)
        varint(value)
    }

    /// int64 and enums: negative numbers as their two's complement, ten bytes.
    mutating func int(_ field: Int, _ value: Int64) { uint(field, UInt64(bitPattern: value)) }

    mutating func bool(_ field: Int, _ value: Bool) { uint(field, value ? 1 : 0) }

    mutating func fixed64(_ field: Int, _ value: UInt64) {
        tag(field, .fixed64)
        little(value)
    }

    mutating func fixed32(_ field: Int, _ value: UInt32) {
        tag(field, .fixed32)
        little(value)
    }

    mutating func double(_ field: Int, _ value: Double) { fixed64(field, value.bitPattern) }

    mutating func bytes(_ field: Int, _ value: [UInt8]) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func string(_ field: Int, _ value: String) { bytes(field, Array(value.utf8)) }

    /// An embedded message, written by `body` into its own buffer so that its length can go first.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        body(&inner)
        bytes(field, inner.bytes)
    }
}

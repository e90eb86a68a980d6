import Foundation

/// Writes the wire's JSON (``WireJSON``: sorted keys, slashes unescaped) by hand, byte for byte what
/// `JSONEncoder` writes, for the answers sent most often: a route (`RouteJSON`) and a nearby page of
/// stickers (``WireJSONWriter/sticker(_:)``). `JSONEncoder` builds a tree of boxed values and sorts
/// each object's keys on every call: on a nearby page of 50 stickers it took half of the server's CPU
/// (`perf`, 2026-12-07). Keys are written in the order given, which callers keep sorted; tests check
/// each writer against `JSONEncoder`.
public struct WireJSONWriter {
    /// What has been written. (`object` and `array` are inlinable, so that their callers' closures
    /// are inlined into them and the items of an array are not iterated through generic code.)
    @usableFromInline var output: [UInt8] = []
    /// No value has been written yet in the innermost object or array: no comma before the next.
    @usableFromInline var first = true

    public var bytes: [UInt8] { output }

    public init(capacity: Int = 16_384) { output.reserveCapacity(capacity) }

    @inlinable public mutating func object(_ body: (inout WireJSONWriter) -> Void) {
        output.append(UInt8(ascii: "{"))
        first = true
        body(&self)
        output.append(UInt8(ascii: "}"))
        first = false
    }

    @inlinable public mutating func array<S: Sequence>(_ items: S, _ each: (inout WireJSONWriter, S.Element) -> Void) {
        output.append(UInt8(ascii: "["))
        var firstItem = true
        for item in items {
            if !firstItem { output.append(UInt8(ascii: ",")) }
            firstItem = false
            first = true
            each(&self, item)
        }
        output.append(UInt8(ascii: "]"))
        first = false
    }

    /// A key: a literal, plain ASCII, so it is copied without escaping. The comma, quotes and colon
    /// are put around it on the stack and appended with it at once: appended one by one, each checked
    /// the array's uniqueness and capacity (an array literal here was a heap allocation per key).
    @inlinable public mutating func key(_ name: StaticString) {
        let comma = first ? 0 : 1
        first = false
        name.withUTF8Buffer { name in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count + 4) { text in
                text[0] = UInt8(ascii: ",")
                text[comma] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: text[(comma + 1)...]).initialize(fromContentsOf: name)
                text[comma + 1 + name.count] = UInt8(ascii: "\"")
                text[comma + 2 + name.count] = UInt8(ascii: ":")
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<(comma + 3 + name.count)]))
            }
        }
    }

    public mutating func key(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    public mutating func key(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func key(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    public mutating func key(_ name: StaticString, _ value: Bool) {
        key(name)
        let word: StaticString = value ? "true" : "false"
        word.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// A time as ``WireJSON`` writes one.
    public mutating func key(_ name: StaticString, _ value: Date) {
        key(name, WireJSON.time(value))
    }

    /// As `JSONEncoder` writes a Double: its shortest form, without a trailing ".0".
    public mutating func number(_ value: Double) {
        var text = value.description  // up to 15 bytes, as most coordinates are, it stays off the heap
        // Copied from its contiguous bytes: through `String.UTF8View`'s generic paths, the trailing
        // ".0" check and the copy took over a third of a number's time (`perf` of a described route, 2026-12-07).
        text.withUTF8 { digits in
            let n = digits.count
            let whole = n >= 2 && digits[n - 1] == UInt8(ascii: "0") && digits[n - 2] == UInt8(ascii: ".")
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<(whole ? n - 2 : n)]))
        }
    }

    /// `value` rounded to `decimals` places (0–9), without trailing zeros: for numbers whose precision
    /// is known, such as a route's coordinates (OSM's are whole 1e-7°), and cheaper than the shortest
    /// form `number(_:)` writes (which for OSM's coordinates is 17 digits: 60.169202500000004): on a
    /// described route, 12 % of the time against 21 %.
    /// Numbers of 2^53 units or more, and ones not finite, are written as `number(_:)` writes them.
    public mutating func number(_ value: Double, decimals: Int) {
        let scaled = value * Self.powerOfTen(decimals)
        guard scaled.magnitude < 9_007_199_254_740_992 else { return number(value) }
        // Half away from zero, without a call to libm's `round` (there is no rounding instruction on
        // baseline x86-64); the units' digits are then written backwards, two at a time, trailing
        // zeros of the fraction left out, into a buffer on the stack and appended at once: byte by
        // byte, each append checked the array's uniqueness and capacity.
        var units = UInt64(scaled.magnitude + 0.5)
        var places = decimals
        while places > 0, units % 10 == 0 {
            units /= 10
            places -= 1
        }
        let pairs = Self.digitPairs.utf8Start
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
            var i = text.count
            func put(_ byte: UInt8) {
                i -= 1
                text[i] = byte
            }
            func putTwo(_ n: UInt64) {  // n < 100
                put(pairs[2 * Int(n) + 1])
                put(pairs[2 * Int(n)])
            }
            var fraction = places
            while fraction >= 2 {
                putTwo(units % 100)
                units /= 100
                fraction -= 2
            }
            if fraction == 1 {
                put(UInt8(ascii: "0") + UInt8(units % 10))
                units /= 10
            }
            if places > 0 { put(UInt8(ascii: ".")) }
            while units >= 100 {
                putTwo(units % 100)
                units /= 100
            }
            if units >= 10 { putTwo(units) } else { put(UInt8(ascii: "0") + UInt8(units)) }
            if scaled <= -0.5 { put(UInt8(ascii: "-")) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[i...]))
        }
    }

    /// 10^`decimals`, looked up: multiplied out in a loop, it was a tenth of a number's time (a chain
    /// of dependent multiplications).
    private static func powerOfTen(_ decimals: Int) -> Double {
        switch decimals {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        default: preconditionFailure("\(decimals) places: at most 9")
        }
    }

    /// "00" to "99": the digits of a number written two at a time, halving the divisions.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    public mutating func integer(_ value: Int) {
        var text = String(value)
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Quotes, backslashes and control characters escaped; everything else as UTF-8, copied in runs.
    public mutating func string(_ value: String) {
        output.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var run = 0  // where the bytes not yet copied start
            for (i, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
                escape(byte)
                run = i + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.append(contentsOf: Array("u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        }
    }
}

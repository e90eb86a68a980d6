import Foundation

/// Writes the wire's JSON (``WireJSON``: sorted keys, slashes unescaped) by hand, byte for byte what
/// `JSONEncoder` writes, for the answers sent most often: a route (`RouteJSON`) and a nearby page of
/// stickers (``WireJSONWriter/sticker(_:)``). `JSONEncoder` builds a tree of boxed values and sorts
/// each object's keys on every call: on a nearby page of 50 stickers it took half of the server's CPU
/// (`perf`, 2026-12-07). Keys are written in the order given, which callers keep sorted; tests check
/// each writer against `JSONEncoder`.
///
/// The bytes go into a buffer of its own, written in place: through an array, each key and number
/// was put together on the stack and copied in, and each append checked the array's uniqueness
/// (a described route took ~7 % less in place, `bench/JOURNAL.md`, 2026-12-08). Not copyable, so
/// that no two writers share the buffer.
public struct WireJSONWriter: ~Copyable {
    /// Where the bytes are written, how many there are and how many fit. (`object`, `array` and
    /// `key` are inlinable, so that their callers' closures are inlined into them, the items of an
    /// array are not iterated through generic code and a key's length is known where it is written.)
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// No value has been written yet in the innermost object or array: no comma before the next.
    @usableFromInline var first = true

    public init(capacity: Int = 16_384) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// What has been written.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Makes room for `n` more bytes.
    @inlinable mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(toHold: count + n) }
    }

    @usableFromInline mutating func grow(toHold needed: Int) {
        let larger = max(2 * capacity, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        (base, capacity) = (moved, larger)
    }

    @inlinable mutating func put(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    @inlinable public mutating func object(_ body: (inout WireJSONWriter) -> Void) {
        put(UInt8(ascii: "{"))
        first = true
        body(&self)
        put(UInt8(ascii: "}"))
        first = false
    }

    @inlinable public mutating func array<S: Sequence>(_ items: S, _ each: (inout WireJSONWriter, S.Element) -> Void) {
        put(UInt8(ascii: "["))
        var firstItem = true
        for item in items {
            if !firstItem { put(UInt8(ascii: ",")) }
            firstItem = false
            first = true
            each(&self, item)
        }
        put(UInt8(ascii: "]"))
        first = false
    }

    /// A key: a literal, plain ASCII, so it is copied without escaping, with its comma, quotes and
    /// colon, after one check of the room.
    @inlinable public mutating func key(_ name: StaticString) {
        let comma = first ? 0 : 1
        first = false
        name.withUTF8Buffer { name in
            reserve(name.count + 4)
            var at = base + count
            at[0] = UInt8(ascii: ",")
            at += comma
            at[0] = UInt8(ascii: "\"")
            (at + 1).initialize(from: name.baseAddress!, count: name.count)
            at += 1 + name.count
            at[0] = UInt8(ascii: "\"")
            at[1] = UInt8(ascii: ":")
            count += comma + name.count + 3
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
        word.withUTF8Buffer { put($0) }
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
            put(UnsafeBufferPointer(rebasing: digits[..<(whole ? n - 2 : n)]))
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
        // baseline x86-64); trailing zeros of the fraction left out.
        var units = UInt64(scaled.magnitude + 0.5)
        var places = decimals
        while places > 0, units % 10 == 0 {
            units /= 10
            places -= 1
        }
        // Its length first, then its digits backwards, two at a time, in place.
        var (digits, bound): (Int, UInt64) = (1, 10)  // `units` < 2^53 has at most 16 digits
        while digits < 16, units >= bound {
            digits += 1
            bound &*= 10
        }
        digits = max(digits, places + 1)
        let negative = scaled <= -0.5
        let length = digits + (places > 0 ? 1 : 0) + (negative ? 1 : 0)
        reserve(length)
        let pairs = Self.digitPairs.utf8Start
        var at = base + count + length
        func put(_ byte: UInt8) {
            at -= 1
            at.pointee = byte
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
        if negative { put(UInt8(ascii: "-")) }
        count += length
    }

    /// 10^`decimals`, looked up: multiplied out in a loop, it was a tenth of a number's time (a chain
    /// of dependent multiplications).
    @inline(__always) private static func powerOfTen(_ decimals: Int) -> Double {
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
        text.withUTF8 { put($0) }
    }

    /// Quotes, backslashes and control characters escaped; everything else as UTF-8, copied in runs.
    public mutating func string(_ value: String) {
        put(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var run = 0  // where the bytes not yet copied start
            for (i, byte) in utf8.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                put(UnsafeBufferPointer(rebasing: utf8[run..<i]))
                escape(byte)
                run = i + 1
            }
            put(UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        put(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        case 0x08: put(UInt8(ascii: "b"))
        case 0x0C: put(UInt8(ascii: "f"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            for b in Array("u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]] { put(b) }
        }
    }
}

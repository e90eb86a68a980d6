#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams standard input as lines of numbers, for the pipe-friendly `geo` tools.
///
/// Reads in 64 KiB chunks and parses fields with `strtod` in place, so a million
/// lines go through in well under a second; output is buffered the same way.
struct NumberLines {
    let fieldCount: Int
    let usage: String

    /// Calls `handle` with each line's numbers. A malformed line is reported on stderr
    /// with its number and skipped. Returns whether every line was good.
    func run(_ handle: (UnsafeBufferPointer<Double>, inout OutputBuffer) -> String?) -> Bool {
        var out = OutputBuffer()
        var allGood = true
        var lineNumber = 0
        var carry: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var values = [Double](repeating: 0, count: fieldCount)
        func processLine(_ line: UnsafeBufferPointer<UInt8>) {
            lineNumber += 1
            let problem: String? = values.withUnsafeMutableBufferPointer { v in
                switch NumberLines.parse(line, into: v) {
                case .blank: return nil
                case .count(let n) where n == fieldCount: return handle(UnsafeBufferPointer(v), &out)
                default: return "expected \(fieldCount) numbers: \(usage)"
                }
            }
            if let problem {
                allGood = false
                out.flush()
                var message = "line \(lineNumber): \(problem)\n"
                message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            }
        }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            chunk.withUnsafeBufferPointer { buf in
                var start = 0
                for i in 0..<n where buf[i] == 10 {
                    if carry.isEmpty {
                        processLine(UnsafeBufferPointer(rebasing: buf[start..<i]))
                    } else {
                        carry.append(contentsOf: buf[start..<i])
                        carry.withUnsafeBufferPointer { processLine($0) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = i + 1
                }
                carry.append(contentsOf: buf[start..<n])
            }
        }
        if !carry.isEmpty { carry.withUnsafeBufferPointer { processLine($0) } }
        out.flush()
        return allGood
    }

    enum Parsed { case blank, count(Int) }

    /// Parses whitespace- or comma-separated numbers; any other text makes the count wrong.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, into values: UnsafeMutableBufferPointer<Double>) -> Parsed {
        var token = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))  // 64-byte scratch
        var count = 0
        var i = 0
        let n = line.count
        while i < n {
            let c = line[i]
            if c == 32 || c == 9 || c == 13 || c == 44 {
                i += 1
                continue
            }
            if c == 35 { break }  // '#' starts a comment
            var j = i
            while j < n, line[j] != 32, line[j] != 9, line[j] != 13, line[j] != 44 { j += 1 }
            let length = j - i
            guard length < 63, count < values.count else { return .count(values.count + 1) }
            let value: Double? = withUnsafeMutableBytes(of: &token) { raw in
                let p = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                for k in 0..<length { p[k] = CChar(bitPattern: line[i + k]) }
                p[length] = 0
                var end: UnsafeMutablePointer<CChar>?
                let v = strtod(p, &end)
                return end == p + length ? v : nil
            }
            guard let value, value.isFinite else { return .count(values.count + 1) }
            values[count] = value
            count += 1
            i = j
        }
        return count == 0 ? .blank : .count(count)
    }
}

/// Buffered standard output with fixed-point number formatting.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 17) }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(1, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func space() { bytes.append(32) }

    mutating func newline() {
        bytes.append(10)
        if bytes.count > 1 << 16 { flush() }
    }

    private static let powers: [Double] = (0...15).map { pow10($0) }
    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    /// Appends `x` rounded to `decimals` places, as GeodSolve prints it.
    mutating func appendFixed(_ x: Double, decimals: Int) {
        guard x.isFinite else {
            append(x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf"))
            return
        }
        let scale = OutputBuffer.powers[decimals]
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e18 else {
            append(String(x))
            return
        }
        let units = UInt64(scaled)
        if x < 0 && units != 0 { bytes.append(45) }
        let divisor = UInt64(scale)
        appendDigits(units / divisor, minimumWidth: 1)
        if decimals > 0 {
            bytes.append(46)
            appendDigits(units % divisor, minimumWidth: decimals)
        }
    }

    private mutating func appendDigits(_ value: UInt64, minimumWidth: Int) {
        var digits = (
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
        )
        var v = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(48 + v % 10)
                v /= 10
                count += 1
            } while v > 0
            while count < minimumWidth {
                d[count] = 48
                count += 1
            }
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }
}
